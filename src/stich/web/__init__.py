"""Play in the browser: ``stich serve``, its lobby, tables, pages and storage.

Needs the ``web`` extra; nothing here is imported by the rest of stich."""
