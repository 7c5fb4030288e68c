package dev.widefeed.webclient;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The web client's files keep the page's rules (docs/api.md, "The web client"), read as the jar ships them; no browser,
 * no store. The CSP and Trusted Types enforce the same in the browser; this says which line broke them before any
 * browser runs.
 */
class WebClientFilesTest {
    /** Ways of turning a string into markup or code. */
    private static final Pattern MARKUP_SINKS = Pattern.compile(
            "\\.(innerHTML|outerHTML)\\s*[+]?=|insertAdjacentHTML|document\\.write|\\beval\\(|new Function\\(|"
                    + "createContextualFragment|setAttribute\\(\\s*['\"](style|on\\w+)['\"]");
    /** What the CSP refuses in a page: inline script, inline style, inline event handlers, javascript: links. */
    private static final Pattern INLINE = Pattern.compile(
            "<script(?![^>]*\\bsrc=)[^>]*>|<style|\\sstyle=|\\son\\w+=|javascript:", Pattern.CASE_INSENSITIVE);

    @Test
    void noScriptPutsTextIntoAnHtmlSinkOrCode() throws Exception {
        for (Path file : files(".js")) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                assertThat(MARKUP_SINKS.matcher(lines.get(i)).find())
                        .as(
                                "%s:%d renders text as markup or code: %s",
                                file.getFileName(), i + 1, lines.get(i).trim())
                        .isFalse();
            }
        }
    }

    @Test
    void thePageHasNoInlineScriptOrStyle() throws Exception {
        for (Path file : files(".html")) {
            String html = Files.readString(file);
            assertThat(INLINE.matcher(html).find())
                    .as("%s has inline script or style", file.getFileName())
                    .isFalse();
            assertThat(html).contains("<script type=\"module\" src=\"/app/js/main.js\"></script>");
        }
    }

    @Test
    void everyModuleTheClientImportsIsShipped() throws Exception {
        Pattern from = Pattern.compile("from '(\\.{1,2}/[^']+)'");
        for (Path file : files(".js")) {
            var imports = from.matcher(Files.readString(file));
            while (imports.find()) {
                assertThat(file.resolveSibling(imports.group(1)).normalize())
                        .as("%s imports %s", file.getFileName(), imports.group(1))
                        .isRegularFile();
            }
        }
    }

    private List<Path> files(String suffix) throws IOException, URISyntaxException {
        Path root = Path.of(getClass().getResource("/app/index.html").toURI()).getParent();
        try (Stream<Path> all = Files.walk(root)) {
            List<Path> found = all.filter(p -> p.toString().endsWith(suffix)).toList();
            assertThat(found).as("the client's %s files", suffix).isNotEmpty();
            return found;
        }
    }
}
