extension QRCode {
    /// The code as a standalone SVG document: a white square with one black path, each
    /// module `moduleSize` units wide, with a quiet zone of `border` modules (4 is standard).
    public func svg(moduleSize: Int = 8, border: Int = 4) -> String {
        let moduleSize = max(1, moduleSize), border = max(0, border)
        let side = (size + 2 * border) * moduleSize
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard self[row, column] else { column += 1; continue }
                let start = column
                while column < size, self[row, column] { column += 1 }
                let x = (start + border) * moduleSize, y = (row + border) * moduleSize
                let width = (column - start) * moduleSize
                path += "M\(x) \(y)h\(width)v\(moduleSize)h-\(width)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)" viewBox="0 0 \(side) \(side)" \
            shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

            """
    }
}
