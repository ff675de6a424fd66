import CryptoKit
import Foundation

/// Signs the device token the push server registers.
struct PushService {
    let secret: String

    func signature(for deviceToken: Data) -> String {
        let key = SymmetricKey(data: Data(secret.utf8))
        let code = HMAC<SHA256>.authenticationCode(for: deviceToken, using: key)
        return Data(code).map { String(format: "%02x", $0) }.joined()
    }
}
