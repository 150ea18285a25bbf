/// Constants of the serialized file-wrapper format, version 1.
///
///     tree      = magic version rootName node
///     magic     = "DKFW"                      4 bytes
///     version   = 0x01                        1 byte
///     rootName  = 0x00 | 0x01 string          the root's preferred filename
///     node      = kind mode body
///     kind      = 0x01 file | 0x02 directory | 0x03 symbolic link
///     mode      = 2 bytes, big-endian, <= 0o7777
///     file      : body = length bytes
///     directory : body = count (string node){count}, names strictly ascending
///     link      : body = string               the destination
///     string    = length UTF-8-bytes
///     length, count = unsigned LEB128, at most 10 bytes
enum SerializedTreeFormat {
  static let magic: [UInt8] = Array("DKFW".utf8)
  static let version: UInt8 = 1

  enum Kind: UInt8 {
    case regularFile = 1, directory = 2, symbolicLink = 3
  }
}
