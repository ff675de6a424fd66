// The vmrepl executable: the command line with the built-in examples.
import Examples
import VMReplCLI

VMReplCommandLine.main(models: Examples.all)
