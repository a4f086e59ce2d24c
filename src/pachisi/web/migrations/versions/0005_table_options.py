"""Table options: a room's turn clock and what becomes of a player who keeps missing their turns
(web/table.py), as JSON; "{}" for every room made before them (no clock).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("table_options", sa.Text(), nullable=False, server_default="{}"))


def downgrade():
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("table_options")
