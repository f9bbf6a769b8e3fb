"""`stich tournament backup`: a consistent copy of the event's database while it is in use.

SQLite files are copied with SQLite's online backup API (`sqlite3.Connection.backup`), which
reads a consistent state even while another stich command writes, into a temporary file beside
the target that is checked (`PRAGMA integrity_check`) and only then renamed to the target's
name: an interrupted backup never leaves a half-written file under that name, and an existing
file is never overwritten. A damaged database is refused (its copy would be damaged too).
A PostgreSQL database is the server's to back up: the command names `pg_dump` with the
arguments for this database.
"""

from __future__ import annotations

import os
import shlex
import sqlite3
from datetime import datetime
from pathlib import Path

from sqlalchemy.engine import make_url

from stich.tournament.location import sqlite_path, where
from stich.tournament.store import (
    BUSY,
    BUSY_TIMEOUT,
    StoreError,
    damaged,
    integrity_findings,
    integrity_text,
    is_damaged,
)


def target_file(source: Path, target: Path, now: datetime) -> Path:
    """Where the copy goes: `target`, or a file named after the source and the time inside
    `target` when it is a folder ("gmunden-2026-20261201-2130.stich.db")."""
    if not target.is_dir():
        return target
    stem = source.name.removesuffix(".db").removesuffix(".stich")
    return target / f"{stem}-{now:%Y%m%d-%H%M%S}.stich.db"


def backup_sqlite(source: Path, target: Path) -> Path:
    """Copy the database at `source` to `target` (a new file, or a folder); the file made."""
    dest = target_file(source, target, datetime.now())
    if dest.resolve() == source.resolve():
        raise StoreError("the backup must go to another file than the database itself")
    if dest.exists():
        raise StoreError(f"{dest} already exists; give a new file name, or a folder to put a "
                         "dated copy in")
    if not dest.parent.is_dir():
        raise StoreError(f"folder {dest.parent} does not exist")
    tmp = dest.with_name(f".{dest.name}.part")
    # read-write, so that a journal left by a killed command is rolled back as on any open
    src = sqlite3.connect(source, timeout=BUSY_TIMEOUT)
    try:
        problems = _problems(src)
        if problems:
            raise StoreError(damaged(f"sqlite:///{source}", integrity_text(problems)) +
                             "; a backup of it would be damaged too")
        tmp.unlink(missing_ok=True)
        out = sqlite3.connect(tmp)
        try:
            src.backup(out)
            copied = _problems(out)
        finally:
            out.close()
        if copied:
            raise StoreError(f"the copy at {dest} failed its integrity check "
                             f"({integrity_text(copied)}); try again")
        with tmp.open("rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, dest)
    except sqlite3.Error as exc:
        text = str(exc)
        if "locked" in text or "busy" in text:
            raise StoreError(BUSY) from None
        raise StoreError(damaged(f"sqlite:///{source}", text) if is_damaged(text)
                         else f"cannot back up {source}: {text}") from None
    except OSError as exc:
        raise StoreError(f"cannot write {dest}: {exc.strerror}") from None
    finally:
        src.close()
        tmp.unlink(missing_ok=True)
    return dest


def _problems(con: sqlite3.Connection) -> list[str]:
    return integrity_findings([str(r[0]) for r in con.execute("PRAGMA integrity_check")])


def pg_dump_command(url: str, target: Path) -> str:
    """The `pg_dump` command line that backs up the PostgreSQL database at `url` into
    `target` (custom format, for pg_restore); the password is left out: pg_dump asks for it,
    or reads PGPASSWORD or ~/.pgpass."""
    parsed = make_url(url)
    plain = parsed.set(drivername="postgresql")._replace(password=None)
    return (f"pg_dump --format=custom --file={shlex.quote(str(target))} "
            f"{shlex.quote(plain.render_as_string(hide_password=False))}")


def backup(url: str, target: Path) -> str:
    """Back up the database at `url` (SQLite) into `target`, and say what was done;
    StoreError for PostgreSQL (naming the pg_dump command) and anything that fails."""
    path = sqlite_path(url)
    if path is not None:
        if not path.exists():
            raise StoreError(f"no tournament database at {path}")
        dest = backup_sqlite(path, target)
        return f"backed up {path} to {dest} ({dest.stat().st_size // 1024 + 1} KiB, checked)"
    if url.startswith("sqlite"):
        raise StoreError("an in-memory database has nothing to back up")
    if url.split("://", 1)[0].split("+")[0] in ("postgresql", "postgres"):
        raise StoreError(f"stich does not copy a PostgreSQL database ({where(url)}); back it "
                         f"up with pg_dump: {pg_dump_command(url, target)}")
    raise StoreError(f"cannot back up a {url.split('://', 1)[0]} database; use its own tools")
