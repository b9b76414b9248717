"""Build Rangefinder's offline site (the logic lives in the ``sitebuild`` package).

python build.py                    write the complete site to dist/ (or $RANGEFINDER_DIST)
python build.py --serve [--port N] build if needed, then serve it on 127.0.0.1
"""

from sitebuild import main

if __name__ == "__main__":
    main()
