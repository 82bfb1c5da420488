"""``python -m fives_tutor``: the ``fives`` command."""

from .cli.main import main

if __name__ == "__main__":
    main()
