"""python -m pachisi.web [--port N] [--db URL] ...: the web app, the very command `pachisi serve` (one
list of options)."""
import sys


def main(argv=None):
    from ..cli import app
    app(["serve", *(sys.argv[1:] if argv is None else argv)], prog_name="python -m pachisi.web")


if __name__ == "__main__":
    main()
