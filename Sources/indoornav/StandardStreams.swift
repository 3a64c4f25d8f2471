import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard streams the caller closed (`cmd <&-`, `>&-`): each gets /dev/null in its place before anything else is
/// opened, since the next file opened would otherwise take its number — PROJ's database read as standard input, or
/// a rendered PNG written with what was meant for the terminal. A `-` argument then says standard input is closed,
/// and the first result written says standard output is (exit 1), instead of reading or printing nothing.
enum StandardStreams {
    /// The standard descriptors (0, 1, 2) that were closed when the command started (read once, at ``prepare()``).
    static let closedAtStart: Set<Int32> = {
        var closed: Set<Int32> = []
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // The lowest free number: this one, as those below it are open by now.
            _ = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            closed.insert(fd)
        }
        return closed
    }()

    /// Call first thing, before any file is opened.
    static func prepare() {
        _ = closedAtStart
    }

    /// `path` as given, unless it is `-` while standard input is closed.
    static func input(_ path: String, command: String) throws(UsageError) -> String {
        if path == "-", closedAtStart.contains(STDIN_FILENO) {
            throw UsageError("- reads standard input, which is closed", command: command)
        }
        return path
    }

    /// Whether standard input is a regular file (`< log.nmea`) rather than a pipe or a terminal.
    static func inputIsAFile() -> Bool {
        var status = stat()
        return fstat(STDIN_FILENO, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
