"""Validate every gold query of one database of this set against its CSV tables (DuckDB).

    python3 tests/unseen4/check.py tests/unseen4/<db>
    python3 tests/unseen5/check.py tests/unseen5/<db>   (a link to this file)

The checks are tests/unseen3/check.py's, loaded from there (one copy to keep);
each <db>/build_questions.py imports features() and is_ordered() from here.
"""
import importlib.util, os, sys

_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "unseen3", "check.py")
_spec = importlib.util.spec_from_file_location("unseen3_check", _path)
_checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_checks)

features = _checks.features
is_ordered = _checks.is_ordered

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    _checks.use(sys.argv[1])
    sys.exit(_checks.main())
