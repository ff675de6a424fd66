import Foundation
import SwiftyBeaver

enum Log {
    private static let log = SwiftyBeaver.self

    static func info(_ message: String) {
        log.info(message)
    }

    static func error(_ message: String, error: Error? = nil) {
        log.error("\(message): \(String(describing: error))")
    }
}
