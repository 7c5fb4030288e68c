package dev.widefeed.export;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/** A file format an export writes its parts in (Parquet, JSON Lines). */
public interface PartFormat {

    /** The name a user gives on the command line and the plan keeps. */
    String name();

    /** The part files' extension, without the dot. */
    String extension();

    /** A new file at {@code file} for rows of {@code shape}; it is whole once closed. */
    PartWriter create(Path file, TableShape shape) throws IOException;

    /** Rows into one part file, in the shape's column order. */
    interface PartWriter extends Closeable {
        void write(Object[] row) throws IOException;
    }
}
