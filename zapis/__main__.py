from zapis.cli import main

raise SystemExit(main())
