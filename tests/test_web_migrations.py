"""The web database's migrations (Alembic), on SQLite and on PostgreSQL: the
migrations' head is exactly the tables db.py declares; a database made by the
previous release is upgraded in place when the server starts, and its rooms
load, play on and take rematches; one made before migrations existed is
stamped and kept; one upgraded by a newer version is refused by name; and
several processes starting at once on PostgreSQL upgrade it once."""
import threading

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
import pytest
from sqlalchemy import (BigInteger, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text,
                        UniqueConstraint, create_engine, inspect, insert, select, text)

from pachisi.web import create_app
from pachisi.web import db
from test_web_api import Player, create, my_turn, play_out, settings
from web_db import url_for

pytestmark = [pytest.mark.timeout(1800), pytest.mark.usefixtures("database")]   # a bound on a hang

HEAD = ScriptDirectory.from_config(db.alembic_config()).get_current_head()

# The tables of the previous release (commit 2709d7a), as its `metadata.create_all` made them: frozen here
# on purpose, so that the upgrade is tested from what that release really wrote, not from our baseline.
PREVIOUS = MetaData()
Table("rooms", PREVIOUS,
      Column("id", Integer, primary_key=True), Column("code", String(16), nullable=False, unique=True),
      Column("game", String(40), nullable=False), Column("preset", String(60), nullable=False),
      Column("options", Text, nullable=False), Column("players", Integer, nullable=False),
      Column("wins", Integer, nullable=False), Column("seed", BigInteger, nullable=False),
      Column("salt", String(64), nullable=False), Column("commit", String(64), nullable=False),
      Column("public", Boolean, nullable=False, default=True), Column("absent_after", Float, nullable=False),
      Column("standin_level", Integer, nullable=False), Column("status", String(12), nullable=False),
      Column("host_hash", String(64), nullable=False), Column("created", Float, nullable=False),
      Column("updated", Float, nullable=False))
Table("seats", PREVIOUS,
      Column("id", Integer, primary_key=True),
      Column("room_id", Integer, ForeignKey("rooms.id"), nullable=False, index=True),
      Column("player", Integer, nullable=False), Column("kind", String(8), nullable=False),
      Column("name", String(40), nullable=False), Column("level", Integer), Column("token_hash", String(64)),
      UniqueConstraint("room_id", "player"))
Table("actions", PREVIOUS,
      Column("id", Integer, primary_key=True), Column("room_id", Integer, ForeignKey("rooms.id"), nullable=False),
      Column("n", Integer, nullable=False), Column("kind", String(8), nullable=False),
      Column("value", String(80), nullable=False), Column("player", Integer, nullable=False),
      Column("by", String(8), nullable=False), Column("client_id", String(40)), Column("at", Float, nullable=False),
      UniqueConstraint("room_id", "n"))
Table("chats", PREVIOUS,
      Column("id", Integer, primary_key=True),
      Column("room_id", Integer, ForeignKey("rooms.id"), nullable=False, index=True),
      Column("player", Integer, nullable=False), Column("name", String(40), nullable=False),
      Column("text", String(400), nullable=False), Column("at", Float, nullable=False))


def differences(engine):
    """What Alembic's autogenerate would change to make the database's tables those of db.py."""
    with engine.connect() as conn:
        return compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), db.metadata)


def revision(engine):
    with engine.connect() as conn:
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()


@pytest.fixture
def engine_for():
    """engine_for(folder): an engine on the test's database for `folder`, disposed after the test."""
    made = []

    def make(folder):
        folder.mkdir(exist_ok=True)
        made.append(create_engine(url_for(folder)))
        return made[-1]
    yield make
    for e in made:
        e.dispose()


def test_the_migrations_head_is_exactly_the_tables_of_db_py_and_goes_down_and_up_again(tmp_path, engine_for):
    engine = engine_for(tmp_path)
    store = db.Store(url_for(tmp_path))
    store.close()
    assert revision(engine) == [HEAD] and differences(engine) == []
    with engine.begin() as conn:
        command.downgrade(db.alembic_config(conn), "base")
    assert set(inspect(engine).get_table_names()) == {"alembic_version"} and revision(engine) == []
    with engine.begin() as conn:
        command.upgrade(db.alembic_config(conn), "head")
    assert revision(engine) == [HEAD] and differences(engine) == []


def copy_rooms(source, target):
    """Copy every room with its seats, actions and chats (new ids, as the target's sequences give them), in
    the columns the previous release had."""
    with source.connect() as src, target.begin() as dst:
        for room in src.execute(select(db.rooms)).mappings().all():
            new_id = dst.execute(insert(PREVIOUS.tables["rooms"]).values(
                {k: v for k, v in room.items() if k != "id" and k in PREVIOUS.tables["rooms"].c})) \
                .inserted_primary_key[0]
            for name in ("seats", "actions", "chats"):
                table = db.metadata.tables[name]
                for row in src.execute(select(table).where(table.c.room_id == room["id"]).order_by(table.c.id)) \
                        .mappings().all():
                    dst.execute(insert(PREVIOUS.tables[name]).values(
                        {k: v for k, v in row.items() if k != "id"} | {"room_id": new_id}))


def test_a_database_of_the_previous_release_is_upgraded_in_place_and_its_rooms_play_on(tmp_path, engine_for):
    # the rooms, as a server wrote them: a game under way (12 actions) and a finished one
    (tmp_path / "source").mkdir()
    with TestClient(create_app(settings(tmp_path / "source"))) as c:
        over = create(c, game="ludo", seats=("local", "local"))
        q = Player(c, over["code"], over["token"])
        play_out(q)
        q.close()
        live = create(c, seats=("local", "local"))
        p = Player(c, live["code"], live["token"])
        for _ in range(12):
            p.step()
        live_state = p.state
        p.close()
        records = {r["code"]: c.get(f"/api/rooms/{r['code']}/record").text for r in (live, over)}
    old = engine_for(tmp_path / "old")
    PREVIOUS.create_all(old)
    copy_rooms(engine_for(tmp_path / "source"), old)
    assert "alembic_version" not in inspect(old).get_table_names()

    with TestClient(create_app(settings(tmp_path / "old"))) as c:
        assert revision(old) == [HEAD] and differences(old) == []
        for code, record in records.items():
            assert c.get(f"/api/rooms/{code}/record").text == record
        p = Player(c, live["code"], live["token"])
        try:
            assert p.welcome["you"] == [0, 1]
            assert p.state["seq"] == 12 and p.state["position"] == live_state["position"]
            assert len(p.state["log"]) == 12 and my_turn(p)
            p.act()
            assert p.wait_seq(13)["seq"] == 13
        finally:
            p.close()
        r = c.post(f"/api/rooms/{over['code']}/rematch", json={"token": over["token"]})
        assert r.status_code == 200, r.text
        rematch = r.json()["code"]
    with TestClient(create_app(settings(tmp_path / "old"))) as c:      # upgraded once: a restart only opens it
        assert revision(old) == [HEAD]
        assert c.get(f"/api/rooms/{over['code']}").json()["rematch"] == rematch
        p = Player(c, live["code"], live["token"])
        p.close()
        assert p.state["seq"] == 13                          # the move made after the upgrade is kept


def test_a_database_made_before_migrations_with_todays_tables_is_stamped_and_kept(tmp_path, engine_for):
    engine = engine_for(tmp_path)
    db.metadata.create_all(engine)              # what the server did before Alembic (rematches included)
    with TestClient(create_app(settings(tmp_path))) as c:
        room = create(c, seats=("local", "bot"))
    assert revision(engine) == [HEAD] and differences(engine) == []
    with TestClient(create_app(settings(tmp_path))) as c:
        assert c.get(f"/api/rooms/{room['code']}").status_code == 200


def test_a_database_upgraded_by_a_newer_version_is_refused_by_its_revision(tmp_path, engine_for):
    engine = engine_for(tmp_path)
    db.Store(url_for(tmp_path)).close()
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'f00dfeed'"))
    with pytest.raises(db.StoreError, match=f"at revision f00dfeed, which this version of pachisi does not know "
                                            f"\\(its newest is {HEAD}\\)"):
        db.Store(url_for(tmp_path))
    assert revision(engine) == ["f00dfeed"]


def test_processes_starting_together_on_postgresql_upgrade_the_database_once(database, tmp_path, engine_for):
    if database.backend != "postgresql":
        pytest.skip("an SQLite file is served by one process")
    engine = engine_for(tmp_path)
    url, start, stores, errors = url_for(tmp_path), threading.Barrier(4), [], []

    def open_store():
        start.wait()
        try:
            stores.append(db.Store(url))
        except Exception as e:            # noqa: BLE001 - reported by the assertion below
            errors.append(e)
    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in stores:
        s.close()
    assert errors == [] and len(stores) == 4
    assert revision(engine) == [HEAD] and differences(engine) == []
