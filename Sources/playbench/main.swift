import PlaybenchCLI

Playbench.main()
