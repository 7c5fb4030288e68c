package dev.widefeed.localstore;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The store's jars are resolved by Maven (into the local repository) and listed in a classpath file that the
 * build packages into schema-cql / hbase-tables; they are never on our own classpath, because the servers'
 * dependencies clash with Dropwizard's. This class turns that list into paths, failing early and clearly when the
 * build has not run.
 */
record StoreClasspath(String resource, List<Path> jars) {

    static final String BUILD_HINT = "run `mvn package` first (e.g. `mvn -pl service -am package -DskipTests`)";

    static StoreClasspath load(String resource) {
        String text;
        try (InputStream in = StoreClasspath.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new LocalStoreException("classpath resource " + resource + " not found: " + BUILD_HINT);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read classpath resource " + resource, e);
        }
        List<Path> jars = Arrays.stream(text.trim().split(Pattern.quote(File.pathSeparator)))
                .map(String::trim)
                .filter(entry -> !entry.isEmpty())
                .map(Path::of)
                .toList();
        List<Path> missing =
                jars.stream().filter(jar -> !Files.isRegularFile(jar)).toList();
        if (jars.isEmpty() || !missing.isEmpty()) {
            throw new LocalStoreException(resource + " lists " + jars.size() + " jars, " + missing.size()
                    + " of them missing (first: " + missing.stream().findFirst().orElse(null) + "): " + BUILD_HINT);
        }
        return new StoreClasspath(resource, jars);
    }

    /** The version of {@code artifactId} as resolved by the build, read from its jar's file name. */
    Optional<String> versionOf(String artifactId) {
        Pattern name = Pattern.compile(Pattern.quote(artifactId) + "-(\\d[^/]*)\\.jar");
        return jars.stream()
                .map(jar -> name.matcher(jar.getFileName().toString()))
                .filter(Matcher::matches)
                .map(matcher -> matcher.group(1))
                .findFirst();
    }
}
