package dev.widefeed.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's root folder: tests run in a module's folder, the documents and config.yml sit at the root. */
public final class RepositoryRoot {
    private RepositoryRoot() {}

    /** The nearest folder above the working one that holds {@code config.yml} and {@code docs/}. */
    public static Path find() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("config.yml")) && Files.isDirectory(dir.resolve("docs"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "no config.yml and docs/ above " + Path.of("").toAbsolutePath());
    }
}
