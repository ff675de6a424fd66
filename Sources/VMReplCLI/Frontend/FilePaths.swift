internal import Platform

/// File names for completion: the front end's part, since the session reads no files.
enum FilePaths {
  /// Files and folders that continue `prefix`; folders end with `/`; hidden ones only when
  /// `prefix` names them.
  static func continuing(_ prefix: String) -> [String] {
    let slash = prefix.lastIndex(of: "/")
    let folder = slash.map { String(prefix[...$0]) } ?? ""
    let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
    var names: [String] = []
    for name in Platform.folderEntries(folder.isEmpty ? "." : folder) {
      guard name != ".", name != "..", name.hasPrefix(start), !name.hasPrefix(".") || start.hasPrefix(".") else { continue }
      var status = stat()
      let path = folder + name
      let isFolder = stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      names.append(path + (isFolder ? "/" : ""))
    }
    return names.sorted()
  }
}
