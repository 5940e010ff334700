"""Alembic migrations of the server's database (run by :mod:`gametable.server.migrate`).

A new schema change is a new file in ``versions/`` (``alembic -c <ini> revision -m ...`` with
``script_location`` pointing here, or by hand after the existing ones), and a test that opens a
database of the previous release with it (``tests/server/test_migrations.py``).
"""
