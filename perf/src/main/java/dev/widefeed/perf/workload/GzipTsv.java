package dev.widefeed.perf.workload;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.GZIPOutputStream;

/**
 * A gzip-compressed tab-separated file, written through a small byte buffer, with the SHA-256 of both
 * the file and its uncompressed content. {@link GZIPOutputStream} writes a fixed header (MTIME 0, no
 * name), so equal content gives equal bytes with the same JDK/zlib.
 */
final class GzipTsv implements Closeable {
    private static final long PROGRESS_EVERY = 10_000_000;

    private final Path path;
    private final PrintStream progress;
    private final MessageDigest fileDigest = sha256();
    private final MessageDigest contentDigest = sha256();
    private final OutputStream gzip;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private long lines;
    private final long started = System.nanoTime();

    GzipTsv(Path path, PrintStream progress) throws IOException {
        this.path = path;
        this.progress = progress;
        OutputStream file =
                new DigestOutputStream(new BufferedOutputStream(Files.newOutputStream(path), 1 << 16), fileDigest);
        this.gzip = new GZIPOutputStream(file, 1 << 16);
    }

    GzipTsv text(String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > buffer.length - position) {
            drain();
        }
        if (bytes.length > buffer.length) {
            contentDigest.update(bytes);
            gzip.write(bytes);
        } else {
            System.arraycopy(bytes, 0, buffer, position, bytes.length);
            position += bytes.length;
        }
        return this;
    }

    GzipTsv number(long v) throws IOException {
        if (buffer.length - position < 21) {
            drain();
        }
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                return text(Long.toString(v));
            }
            buffer[position++] = '-';
            v = -v;
        }
        int start = position;
        do {
            buffer[position++] = (byte) ('0' + (v % 10));
            v /= 10;
        } while (v != 0);
        for (int i = start, j = position - 1; i < j; i++, j--) {
            byte t = buffer[i];
            buffer[i] = buffer[j];
            buffer[j] = t;
        }
        return this;
    }

    GzipTsv tab() throws IOException {
        return separator((byte) '\t');
    }

    GzipTsv newline() throws IOException {
        separator((byte) '\n');
        if (++lines % PROGRESS_EVERY == 0 && progress != null) {
            progress.printf("%s: %,d lines (%.0f s)%n", path.getFileName(), lines, (System.nanoTime() - started) / 1e9);
        }
        return this;
    }

    private GzipTsv separator(byte b) throws IOException {
        if (position == buffer.length) {
            drain();
        }
        buffer[position++] = b;
        return this;
    }

    private void drain() throws IOException {
        contentDigest.update(buffer, 0, position);
        gzip.write(buffer, 0, position);
        position = 0;
    }

    long lines() {
        return lines;
    }

    /** The file's SHA-256 (hex); valid after {@link #close()}. */
    String fileSha256() {
        return HexFormat.of().formatHex(fileDigest.digest());
    }

    /** The uncompressed content's SHA-256 (hex), independent of the compressor; valid after {@link #close()}. */
    String contentSha256() {
        return HexFormat.of().formatHex(contentDigest.digest());
    }

    @Override
    public void close() throws IOException {
        drain();
        gzip.close();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
