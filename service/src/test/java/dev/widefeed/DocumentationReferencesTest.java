package dev.widefeed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.widefeed.testing.RepositoryRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation's references lead somewhere: every {@code <path>, "<Heading>"} in the code, the schema files,
 * the configuration and the documents names a file that exists and a heading it has, every Markdown link to a
 * document reaches it (and its anchor), and README.md's package map lists exactly the service's packages. Reads
 * files only; no store.
 */
class DocumentationReferencesTest {
    /** What the walk reads: the kinds of file references are written in. */
    private static final Set<String> TEXT = Set.of(".java", ".md", ".yml", ".js", ".html", ".cql", ".sh");
    /** Build output, local data and downloaded packages: not the repository's own text. */
    private static final Set<String> SKIPPED = Set.of("target", "data", "node_modules", ".git", ".idea");

    private static final Path ROOT = RepositoryRoot.find();
    private static final String PACKAGES = "service/src/main/java/dev/widefeed";

    @Test
    void everyReferenceNamesAFileAndAHeadingItHas() {
        Map<String, String> files = textFiles();
        Map<String, String> documents = files.entrySet().stream()
                .filter(e -> e.getKey().endsWith(".md"))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        List<String> broken = new ArrayList<>();
        files.forEach((path, text) -> broken.addAll(DocumentationReferences.broken(path, text, documents)));

        assertThat(documents).containsKeys("README.md", "docs/design.md", "docs/ARCHITECTURE.md");
        assertThat(broken).isEmpty();
    }

    @Test
    void readmesPackageMapListsExactlyTheServicesPackages() throws IOException {
        Path base = ROOT.resolve(PACKAGES);
        Set<String> packages;
        try (Stream<Path> dirs = Files.walk(base)) {
            packages = dirs.filter(Files::isDirectory)
                    .filter(dir -> !dir.equals(base))
                    .map(dir ->
                            base.relativize(dir).toString().replace('/', '.').replace('\\', '.'))
                    .collect(Collectors.toSet());
        }
        String readme = Files.readString(ROOT.resolve("README.md"));

        assertThat(packages).contains("feed", "store.cassandra");
        assertThat(DocumentationReferences.layoutDifferences(readme, packages)).isEmpty();
    }

    @Test
    void aReferenceToAMissingHeadingOrFileIsReported() {
        Map<String, String> documents = Map.of(
                "docs/design.md", "# Product rules\n\n## Likes\n\n```sh\n# Comments\n```\n",
                "docs/tables.md", "# Tables\n\n### Salting (HBase)\n");
        String java = String.join(
                "\n",
                "/** Kept as docs/design.md, \"Likes\" says; salted (tables.md, \"Salting\"). */",
                "/** Renamed: docs/design.md, \"Comments\"; a prefix: docs/design.md, \"Lik\". */",
                // one string, so that this file's own text holds no reference split over its lines
                "/** Gone: docs/drills.md, \"Store kill\". Wrapped: (docs/design.md,\n * \"Likes\"), (design.md, \"No\n"
                        + " * such rule\"). */");

        assertThat(DocumentationReferences.broken("service/A.java", java, documents))
                .containsExactly(
                        "service/A.java:2: docs/design.md has no heading \"Comments\"",
                        "service/A.java:2: docs/design.md has no heading \"Lik\"",
                        "service/A.java:3: docs/drills.md does not exist",
                        "service/A.java:4: docs/design.md has no heading \"No such rule\"");
    }

    @Test
    void aMarkdownLinkIsFollowedFromItsOwnFolder() {
        Map<String, String> documents = Map.of(
                "README.md", "# widefeed\n\n## Three commands\n",
                "docs/api.md", "# The API\n\n## The web client\n");
        String good = "Run it ([README.md](../README.md), \"Three commands\"); see [below](#the-web-client).\n";
        String bad = "Run it ([README.md](../README.md), \"Two commands\"); see [below](#web-client)\n"
                + "and [the rules](design.md).\n";

        assertThat(DocumentationReferences.broken("docs/api.md", good, documents))
                .isEmpty();
        assertThat(DocumentationReferences.broken("docs/api.md", bad, documents))
                .containsExactly(
                        "docs/api.md:1: README.md has no heading \"Two commands\"",
                        "docs/api.md:1: docs/api.md has no heading for #web-client",
                        "docs/api.md:2: docs/design.md does not exist");
    }

    @Test
    void aPackageMissingFromTheMapOrOneThatIsNoneIsReported() {
        String readme = String.join(
                "\n",
                "| package | holds |",
                "|---|---|",
                "| `feed` | home timelines |",
                "| `store.cassandra` | adapters |",
                "| `gone` | a package since removed |");

        assertThat(DocumentationReferences.layoutDifferences(readme, Set.of("feed", "store.cassandra", "like")))
                .containsExactly(
                        "package like is missing from README.md's package map",
                        "README.md's package map names gone, which is no package");
    }

    /** Tracked text by its path from the root, with {@code /}; what the walk skips is never a reference's source. */
    private static Map<String, String> textFiles() {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(ROOT)) {
            paths.filter(Files::isRegularFile)
                    .filter(path -> ROOT.relativize(path).getParent() == null || !skipped(ROOT.relativize(path)))
                    .filter(path -> TEXT.stream().anyMatch(path.getFileName().toString()::endsWith))
                    .forEach(path -> files.put(ROOT.relativize(path).toString().replace('\\', '/'), read(path)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    private static boolean skipped(Path relative) {
        for (Path part : relative.getParent()) {
            if (SKIPPED.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }

    /** Bytes that are not UTF-8 (none are meant to be) become replacement characters rather than fail the walk. */
    private static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
