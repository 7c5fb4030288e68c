package dev.widefeed.export;

import dev.widefeed.kernel.TemporaryStoreException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Exports one split: pages of rows into part files, each finished (flushed, checksummed, renamed
 * into place) before the split's checkpoint names it together with where the scan goes on. So an
 * export killed at any instant resumes from the last checkpoint, after deleting what the
 * checkpoint does not name, and writes every row exactly once.
 */
final class SplitExport {
    private final TableScanStore store;
    private final ExportDirectory directory;
    private final PartFormat format;
    private final ExportPlan.PlannedTable table;
    private final Split split;
    private final ExportSettings settings;
    private final Throttle throttle;
    private final ExportProgress progress;

    SplitExport(
            TableScanStore store,
            ExportDirectory directory,
            PartFormat format,
            ExportPlan.PlannedTable table,
            Split split,
            ExportSettings settings,
            Throttle throttle,
            ExportProgress progress) {
        this.store = store;
        this.directory = directory;
        this.format = format;
        this.table = table;
        this.split = split;
        this.settings = settings;
        this.throttle = throttle;
        this.progress = progress;
    }

    /** Runs the split to its end; returns its final checkpoint. Interrupted: throws, keeping the last checkpoint. */
    SplitCheckpoint run() throws IOException, InterruptedException {
        SplitCheckpoint checkpoint =
                directory.readCheckpoint(table.name(), split.id()).orElse(SplitCheckpoint.start(split.id()));
        directory.clearLeftovers(table.name(), split.id(), checkpoint);
        progress.resumed(checkpoint.rows(), checkpoint.done());
        if (checkpoint.done()) {
            return checkpoint;
        }
        double covered = 0;
        while (!checkpoint.done()) {
            String partName = ExportDirectory.partName(
                    table.name(), split.id(), checkpoint.parts().size() + 1, format.extension());
            Path unfinished = directory.unfinished(partName);
            Files.createDirectories(unfinished.getParent());
            long rows = 0;
            Optional<String> position = checkpoint.resumeFrom();
            try (PartFormat.PartWriter writer = format.create(unfinished, table.shape())) {
                do {
                    if (Thread.interrupted()) {
                        throw new InterruptedException("export stopped");
                    }
                    ScanPage page = read(position);
                    for (Object[] row : page.rows()) {
                        writer.write(row);
                    }
                    rows += page.rows().size();
                    position = page.next();
                    progress.read(page.rows().size(), page.covered() - covered);
                    covered = page.covered();
                    throttle.take(page.rows().size());
                } while (position.isPresent() && rows < settings.partRows());
            } catch (IOException | RuntimeException | InterruptedException e) {
                Files.deleteIfExists(unfinished);
                throw e;
            }
            SplitCheckpoint.Part part = null;
            if (rows > 0) {
                directory.finish(unfinished, partName);
                Path finished = directory.root().resolve(partName);
                part = new SplitCheckpoint.Part(partName, rows, Files.size(finished), sha256(finished));
            } else {
                Files.deleteIfExists(unfinished);
            }
            checkpoint = checkpoint.advanced(part, position);
            directory.writeCheckpoint(table.name(), checkpoint);
        }
        progress.splitDone(1 - covered);
        return checkpoint;
    }

    /**
     * One page; a store that is briefly unavailable is asked again (a read changes nothing), a
     * few times over about half a minute, before the export stops.
     */
    private ScanPage read(Optional<String> position) throws InterruptedException {
        long backoffMs = 500;
        for (int attempt = 1; ; attempt++) {
            try {
                return store.page(table.shape(), split, position, settings.pageRows());
            } catch (TemporaryStoreException e) { // an unknown outcome too: a read changes nothing
                if (attempt >= settings.readAttempts()) {
                    throw e;
                }
                progress.retrying(table.name(), split.id(), e);
                Thread.sleep(backoffMs);
                backoffMs = Math.min(backoffMs * 2, 8_000);
            }
        }
    }

    static String sha256(Path file) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
