package dev.widefeed.localstore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two JVMs (say, two test runs in one checkout) starting a store in the same data directory at the same moment
 * would both see its port free and launch two servers on the same files. Holding this OS-level lock from the port
 * check until the store is ready makes the second one wait and then reuse the first one's store.
 */
final class DataDirLock implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DataDirLock.class);

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static DataDirLock acquire(Path dataDir) {
        Path file = dataDir.resolve("localstore.lock");
        FileChannel channel = null;
        try {
            Files.createDirectories(dataDir);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                LOG.info("waiting for another process that is starting a store in {}", dataDir);
                lock = channel.lock();
            }
            return new DataDirLock(channel, lock);
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            throw new LocalStoreException("a store in " + dataDir + " is already being started by this JVM", e);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException("cannot lock " + file, e);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing to release
            }
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the lock on " + lock, e);
        }
    }
}
