import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file that cannot be opened for reading, and why in the system's words.
public struct UnopenableFile: Error, Hashable, Sendable {
    /// The path as given.
    public let path: String
    /// The system's reason: `No such file or directory`, `Permission denied`, `Is a directory`.
    public let reason: String
}

/// Opening files for reading with the reason kept: `FileHandle(forReadingAtPath:)` answers nil and loses it, and a
/// user told only "cannot open" cannot tell a typo from a permission.
public enum ReadableFile {
    /// A handle on `path` for reading (closed by its owner), or why it cannot be opened. A directory is refused:
    /// reading one fails later with a less helpful error.
    public static func open(_ path: String) -> Result<FileHandle, UnopenableFile> {
        descriptor(path).map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// A descriptor open on `path` for reading (close-on-exec; the caller owns it and closes it), or why it cannot
    /// be opened, as ``open(_:)``.
    public static func descriptor(_ path: String) -> Result<Int32, UnopenableFile> {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(UnopenableFile(path: path, reason: String(cString: strerror(errno)))) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            close(fd)
            return .failure(UnopenableFile(path: path, reason: String(cString: strerror(EISDIR))))
        }
        return .success(fd)
    }
}
