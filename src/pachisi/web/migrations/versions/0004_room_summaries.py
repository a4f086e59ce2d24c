"""Room summaries: how "my games" lists a room not in memory (its turn, winner, score), as of its n-th
stored action, so that the lobby needs no replay of the room's game.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "room_summaries",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("room_id"),
    )


def downgrade():
    op.drop_table("room_summaries")
