"""Baseline: the tables of the first release (rooms, seats, actions, chats).

A database made before migrations existed, by that release, is stamped with
this revision and upgraded from it.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("preset", sa.String(length=60), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("salt", sa.String(length=64), nullable=False),
        sa.Column("commit", sa.String(length=64), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("absent_after", sa.Float(), nullable=False),
        sa.Column("standin_level", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("host_hash", sa.String(length=64), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code"),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("level", sa.Integer(), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("room_id", "player"),
    )
    op.create_index("ix_seats_room_id", "seats", ["room_id"])
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("value", sa.String(length=80), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("by", sa.String(length=8), nullable=False),
        sa.Column("client_id", sa.String(length=40), nullable=True),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("room_id", "n"),
    )
    op.create_table(
        "chats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("text", sa.String(length=400), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_chats_room_id", "chats", ["room_id"])


def downgrade():
    op.drop_index("ix_chats_room_id", table_name="chats")
    op.drop_table("chats")
    op.drop_table("actions")
    op.drop_index("ix_seats_room_id", table_name="seats")
    op.drop_table("seats")
    op.drop_table("rooms")
