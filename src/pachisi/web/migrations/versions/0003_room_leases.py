"""Room leases: which server process is a room's one authority, until when (several processes).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "room_leases",
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("code"),
    )


def downgrade():
    op.drop_table("room_leases")
