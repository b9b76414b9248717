"""``python -m sitebuild``: the same as ``python build.py``."""

from sitebuild import main

main()
