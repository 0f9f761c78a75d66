import CZlib

/// Raw deflate (RFC 1951, no zlib or gzip header), as Core Data compresses the model it caches in a
/// store's `Z_MODELCACHE.Z_CONTENT`. The only use of zlib in modeldiff.
package enum Inflate {
    /// The largest output accepted: a deflate stream can expand about 1000-fold, so a small hostile
    /// blob could otherwise ask for gigabytes. Wire's largest cached model is 66 KB; 64 MB leaves
    /// room for models a thousand times larger.
    package static let maximumOutput = 64 << 20

    /// Inflates `bytes`; `path` names the file in diagnostics.
    package static func raw(_ bytes: [UInt8], path: String, limit: Int = maximumOutput) throws(Diagnostic) -> [UInt8] {
        // zlib counts input in 32 bits; a model cache is kilobytes.
        guard bytes.count <= Int(UInt32.max) else { throw Diagnostic(path: path, message: "the compressed data is larger than 4 GB") }
        var stream = z_stream()
        guard modeldiff_inflate_init_raw(&stream) == Z_OK else {
            throw Diagnostic(path: path, message: "cannot start zlib's inflate")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = bytes
        var status = Z_OK
        var tooLarge = false
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while status == Z_OK {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                if produced > limit - output.count {
                    tooLarge = true
                    break
                }
                output.append(contentsOf: chunk[0..<produced])
                // No input left and no output made: the stream is cut short.
                if status == Z_OK, produced == 0, stream.avail_in == 0 { status = Z_BUF_ERROR }
            }
        }
        if tooLarge { throw Diagnostic(path: path, message: "the compressed data expands to more than \(limit) bytes") }
        switch status {
        case Z_STREAM_END: return output
        case Z_BUF_ERROR: throw Diagnostic(path: path, message: "the compressed data is cut short")
        default: throw Diagnostic(path: path, message: "the compressed data is damaged (not raw deflate)")
        }
    }
}
