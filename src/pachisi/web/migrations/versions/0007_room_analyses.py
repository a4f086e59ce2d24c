"""Room analyses: a finished room's analysis (each move's equity lost, each roll's luck), made once on
the bot workers and kept with the room.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-05
"""
from alembic import op
import sqlalchemy as sa

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "room_analyses",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("analysis", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("room_id"),
    )


def downgrade():
    op.drop_table("room_analyses")
