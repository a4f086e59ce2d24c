"""Alembic's environment for the web app's database.

The server runs it through pachisi.web.db.migrate on start, handing over its
connection; Alembic's command line (alembic.ini beside this file) connects to
DATABASE_URL, else the server's default SQLite file.
"""
from logging.config import fileConfig

from alembic import context

from pachisi.web.db import default_url, make_engine, metadata

config = context.config
if config.config_file_name and config.attributes.get("connection") is None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)

# render_as_batch: SQLite alters a table by copying it, which Alembic's batch mode writes for us
OPTIONS = dict(target_metadata=metadata, render_as_batch=True, compare_type=True)


def run(connection):
    context.configure(connection=connection, **OPTIONS)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():                   # `alembic upgrade head --sql`: the SQL, for a DBA to run
    context.configure(url=config.get_main_option("sqlalchemy.url") or default_url(), literal_binds=True,
                      **OPTIONS)
    with context.begin_transaction():
        context.run_migrations()
elif config.attributes.get("connection") is not None:
    run(config.attributes["connection"])
else:
    engine = make_engine(config.get_main_option("sqlalchemy.url") or default_url())
    try:
        with engine.connect() as conn:
            run(conn)
            conn.commit()
    finally:
        engine.dispose()
