// The vmrepl executable: the command line with the built-in examples, and `adopt` (which
// `vmrepl-adopt`, built beside it, does).
import Examples
import VMReplCLI

VMReplCommandLine.main(models: Examples.all, commands: [AdoptLauncher.self])
