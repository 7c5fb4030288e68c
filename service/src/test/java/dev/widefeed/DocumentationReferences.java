package dev.widefeed;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the references one file makes to the documentation and says which of them lead nowhere. Pure: the caller
 * hands in the text and every Markdown document by its path from the repository's root, so that a broken reference
 * can be tried on a string.
 * <p>
 * Two kinds are checked. A quoted reference names a file and a heading, {@code <path>, "<Heading>"}: the path from
 * the repository's root, {@code README} for {@code README.md}, or a bare name of a page in {@code docs/}. A Markdown
 * link in a {@code .md} file names a file relative to itself, with an optional {@code #anchor}; a link followed by
 * {@code , "<Heading>"} names a heading too.
 */
final class DocumentationReferences {
    /** A line break and the comment marker (Javadoc, line comment, shell or SQL) that opens the next line. */
    private static final String COMMENT_WRAP = "[ \\t]*\\R[ \\t]*(?:\\*(?!/)|//|#|--)?[ \\t]*";
    /**
     * {@code , "Heading"} after a path; its group is the heading as written. The quoted text may wrap once, onto a
     * comment's next line, so a line break and the comment marker after it are allowed there.
     */
    private static final String HEADING_PART =
            ",[ \\t]*(?:" + COMMENT_WRAP + ")?" + "\"([^\"\\r\\n]+(?:\\R[^\"\\r\\n]*)?)\"";

    private static final Pattern QUOTED =
            Pattern.compile("(?<![\\w./-])((?:[\\w.-]+/)*[\\w.-]+\\.md|README)" + HEADING_PART);
    private static final Pattern LINK = Pattern.compile("\\[[^\\]\\n]*]\\(([^)\\s]+)\\)");
    private static final Pattern FOLLOWING_HEADING = Pattern.compile(HEADING_PART);
    private static final Pattern HEADING = Pattern.compile("^#{1,6}[ \\t]+(.*?)[ \\t]*$");
    private static final Pattern LINE_BREAK = Pattern.compile(COMMENT_WRAP);
    private static final Pattern PACKAGE_ROW =
            Pattern.compile("^\\|[ \\t]*`([a-z][a-z0-9_.]*)`[ \\t]*\\|", Pattern.MULTILINE);

    private DocumentationReferences() {}

    /**
     * Every reference of {@code text} that leads nowhere, one message each ({@code source:line: what}).
     *
     * @param source    the file's path from the repository's root, with {@code /}
     * @param documents every Markdown document by its path from the repository's root
     */
    static List<String> broken(String source, String text, Map<String, String> documents) {
        List<String> problems = new ArrayList<>();
        String body = source.endsWith(".md") ? withoutCode(text) : text;
        Matcher quoted = QUOTED.matcher(body);
        while (quoted.find()) {
            String written = quoted.group(1);
            String path = written.equals("README") || written.equals("README.md")
                    ? "README.md"
                    : written.contains("/") ? normalize(written) : "docs/" + written; // a bare name is a page of docs/
            check(
                    problems,
                    source,
                    line(body, quoted.start()),
                    path,
                    Optional.of(oneLine(quoted.group(2))),
                    Optional.empty(),
                    documents);
        }
        if (source.endsWith(".md")) { // links render only in Markdown; elsewhere a path is quoted with its heading
            Matcher link = LINK.matcher(body);
            while (link.find()) {
                String href = link.group(1);
                if (href.contains(":")) {
                    continue; // another scheme (https:, mailto:): not a file of this repository
                }
                int hash = href.indexOf('#');
                String file = hash < 0 ? href : href.substring(0, hash);
                if (!file.isEmpty() && !file.endsWith(".md")) {
                    continue;
                }
                Optional<String> anchor = hash < 0 ? Optional.empty() : Optional.of(href.substring(hash + 1));
                String path = file.isEmpty() ? source : resolve(source, file);
                Matcher after = FOLLOWING_HEADING.matcher(body).region(link.end(), body.length());
                Optional<String> heading = after.lookingAt() ? Optional.of(oneLine(after.group(1))) : Optional.empty();
                check(problems, source, line(body, link.start()), path, heading, anchor, documents);
            }
        }
        return problems;
    }

    private static void check(
            List<String> problems,
            String source,
            int line,
            String path,
            Optional<String> heading,
            Optional<String> anchor,
            Map<String, String> documents) {
        String where = source + ":" + line + ": ";
        String document = documents.get(path);
        if (document == null) {
            problems.add(where + path + " does not exist");
            return;
        }
        List<String> headings = headings(document);
        heading.filter(wanted -> headings.stream().noneMatch(h -> names(wanted, h)))
                .ifPresent(wanted -> problems.add(where + path + " has no heading \"" + wanted + "\""));
        anchor.filter(wanted -> !slugs(headings).contains(wanted))
                .ifPresent(wanted -> problems.add(where + path + " has no heading for #" + wanted));
    }

    /**
     * Whether a quoted name stands for a heading: the heading itself, or the heading less a parenthesised
     * qualifier ("Salting" for "Salting (HBase)"). A mere prefix does not count, so a section renamed or split
     * is caught rather than matched by its first words.
     */
    static boolean names(String quoted, String heading) {
        return heading.equals(quoted) || heading.startsWith(quoted + " (");
    }

    /** The headings of a Markdown document, in order; a line in fenced code (a shell comment) is none. */
    static List<String> headings(String markdown) {
        List<String> headings = new ArrayList<>();
        for (String line : withoutCode(markdown).split("\\R")) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                headings.add(heading.group(1));
            }
        }
        return headings;
    }

    /** The anchors GitHub gives the headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    static Set<String> slugs(List<String> headings) {
        Set<String> slugs = new HashSet<>();
        for (String heading : headings) {
            String slug = heading.toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N}\\p{M}_\\- ]", "")
                    .replace(' ', '-');
            String unique = slug;
            for (int n = 1; !slugs.add(unique); n++) {
                unique = slug + "-" + n;
            }
        }
        return slugs;
    }

    /**
     * How README's package map differs from the packages: every row of a table whose first cell is one name in
     * backticks is an entry of the map (the README keeps that format for the map alone).
     *
     * @param packages the packages under {@code dev.widefeed}, as {@code feed} or {@code store.cassandra}
     */
    static List<String> layoutDifferences(String readme, Set<String> packages) {
        Set<String> mapped = new TreeSet<>();
        Matcher row = PACKAGE_ROW.matcher(withoutCode(readme));
        while (row.find()) {
            mapped.add(row.group(1));
        }
        List<String> differences = new ArrayList<>();
        new TreeSet<>(packages)
                .stream()
                        .filter(p -> !mapped.contains(p))
                        .forEach(p -> differences.add("package " + p + " is missing from README.md's package map"));
        mapped.stream()
                .filter(p -> !packages.contains(p))
                .forEach(p -> differences.add("README.md's package map names " + p + ", which is no package"));
        return differences;
    }

    /** The text with fenced code blocks blanked, line for line, so that line numbers still count. */
    private static String withoutCode(String markdown) {
        StringBuilder out = new StringBuilder();
        boolean fenced = false;
        for (String line : markdown.split("\\R", -1)) {
            boolean fence = line.startsWith("```") || line.startsWith("~~~");
            out.append(fenced || fence ? "" : line).append('\n');
            fenced ^= fence;
        }
        return out.toString();
    }

    private static String oneLine(String quoted) {
        return LINE_BREAK.matcher(quoted).replaceAll(" ");
    }

    private static int line(String text, int offset) {
        return 1
                + (int) text.substring(0, offset).chars().filter(c -> c == '\n').count();
    }

    private static String resolve(String source, String relative) {
        int slash = source.lastIndexOf('/');
        return normalize((slash < 0 ? "" : source.substring(0, slash + 1)) + relative);
    }

    /** A path from the repository's root with {@code .} and {@code ..} worked out; one above the root stays so. */
    private static String normalize(String path) {
        return Path.of(path).normalize().toString().replace('\\', '/');
    }
}
