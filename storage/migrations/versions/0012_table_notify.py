"""table notify: on PostgreSQL every write to a table row notifies the other processes

Each INSERT or UPDATE of ``tables`` sends ``pg_notify('shengji_tables', 'id:version')``
(delivered when the transaction commits): one place that catches every write path,
the hand-tuned hot statements included (``storage.table_changes`` listens). SQLite
has one process and no NOTIFY: nothing to do there.

Revision ID: 0012
Revises: 0011
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0012"
down_revision: str | Sequence[str] | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHANNEL = "shengji_tables"  # storage.table_changes.CHANNEL


def _postgres() -> bool:
    return op.get_bind().dialect.name == "postgresql"


def upgrade() -> None:
    if not _postgres():
        return
    op.execute(
        "CREATE OR REPLACE FUNCTION shengji_table_changed() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN "
        f"PERFORM pg_notify('{CHANNEL}', NEW.id || ':' || NEW.version); "
        "RETURN NULL; END $$"
    )
    op.execute(
        "CREATE TRIGGER tables_changed AFTER INSERT OR UPDATE ON tables "
        "FOR EACH ROW EXECUTE FUNCTION shengji_table_changed()"
    )


def downgrade() -> None:
    if not _postgres():
        return
    op.execute("DROP TRIGGER IF EXISTS tables_changed ON tables")
    op.execute("DROP FUNCTION IF EXISTS shengji_table_changed()")
