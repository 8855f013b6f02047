#if canImport(Glibc)
import CMalloc
import Glibc
#endif

/// How the serving process asks glibc's allocator to hold memory (Benchmarks/README.md,
/// "Profile notes", peak RSS): two arenas rather than one per thread that ever allocated,
/// and large blocks (multistatus answers of a big calendar, their copies into NIO buffers)
/// always mapped on their own and returned when freed, instead of the threshold rising to
/// the largest block freed so far and such blocks staying in the heap.
enum MemoryTuning {
    /// Blocks at least this large get their own mapping.
    static let mappedBlockSize: Int32 = 128 << 10

    /// Applies the settings; an operator's `MALLOC_ARENA_MAX` or `MALLOC_MMAP_THRESHOLD_`
    /// in the environment wins.
    static func apply() {
        #if canImport(Glibc)
        if getenv("MALLOC_ARENA_MAX") == nil { _ = mallopt(M_ARENA_MAX, 2) }
        if getenv("MALLOC_MMAP_THRESHOLD_") == nil { _ = mallopt(M_MMAP_THRESHOLD, mappedBlockSize) }
        #endif
    }
}
