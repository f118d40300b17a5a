from icatest.cli import main

main()
