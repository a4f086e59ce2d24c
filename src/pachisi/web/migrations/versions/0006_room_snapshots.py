"""Room snapshots: a room's state every Settings.snapshot_every stored actions, so that loading it replays
only the actions after its latest snapshot.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""
from alembic import op
import sqlalchemy as sa

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "room_snapshots",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("snapshot", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("room_id"),
    )


def downgrade():
    op.drop_table("room_snapshots")
