from bastelbogen.cli import main

main()
