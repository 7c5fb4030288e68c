package dev.widefeed.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The versioned schema files of one store, read from the classpath folder their module packages
 * them in ({@code schema-cql/}, {@code hbase-tables/}), named {@code V<number>__<what>.<ext>} and
 * ordered by number.
 */
public final class SchemaFiles {
    private static final Pattern NAME = Pattern.compile("V(\\d+)__[\\w-]+\\.(\\w+)");

    public record SchemaFile(int version, String name, String text) {}

    private SchemaFiles() {}

    public static List<SchemaFile> load(String folder, String extension) {
        URL url = SchemaFiles.class.getClassLoader().getResource(folder + "/");
        if (url == null) {
            throw new IllegalStateException(
                    "no " + folder + "/ on the classpath: the " + folder + " module is missing");
        }
        List<SchemaFile> files = new ArrayList<>();
        for (String name : list(url, folder)) {
            Matcher m = NAME.matcher(name);
            if (m.matches() && m.group(2).equals(extension)) {
                files.add(new SchemaFile(Integer.parseInt(m.group(1)), name, read(folder + "/" + name)));
            }
        }
        files.sort(Comparator.comparingInt(SchemaFile::version));
        for (int i = 1; i < files.size(); i++) {
            if (files.get(i).version() == files.get(i - 1).version()) {
                throw new IllegalStateException(
                        "two " + folder + " files have version " + files.get(i).version());
            }
        }
        return files;
    }

    private static List<String> list(URL url, String folder) {
        try {
            if ("jar".equals(url.getProtocol())) {
                JarURLConnection connection = (JarURLConnection) url.openConnection();
                connection.setUseCaches(false);
                try (JarFile jar = connection.getJarFile()) {
                    String prefix = folder + "/";
                    return jar.stream()
                            .map(e -> e.getName())
                            .filter(n -> n.startsWith(prefix) && n.indexOf('/', prefix.length()) < 0)
                            .map(n -> n.substring(prefix.length()))
                            .filter(n -> !n.isEmpty())
                            .toList();
                }
            }
            try (Stream<Path> paths = Files.list(Path.of(url.toURI()))) {
                return paths.map(p -> p.getFileName().toString()).toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(String resource) {
        try (InputStream in = SchemaFiles.class.getClassLoader().getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
