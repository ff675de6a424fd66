// The vmrepl executable: the command line with the built-in examples, and `adopt`.
import Adopt
import Examples
import VMReplCLI

VMReplCommandLine.main(models: Examples.all, commands: [AdoptCommand.self])
