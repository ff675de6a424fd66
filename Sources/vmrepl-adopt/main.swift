// `vmrepl adopt`'s work, in an executable of its own: it reads an app's files with swift-syntax,
// and swift-syntax in vmrepl itself made every vmrepl process pay for it (AdoptLauncher).
import Adopt

AdoptCommand.main()
