package dev.widefeed.perf.report;

import java.util.ArrayList;
import java.util.List;

/** HTML building blocks; every piece of text from a result goes through {@link #esc}. */
final class Html {
    private Html() {}

    static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A table of plain-text cells; a row may carry a CSS class (the goals table colours met and missed rows). */
    static final class Table {
        private final List<String> header;
        private final List<String> rows = new ArrayList<>();

        Table(String... header) {
            this.header = List.of(header);
        }

        Table row(String... cells) {
            return classedRow(null, cells);
        }

        Table classedRow(String cssClass, String... cells) {
            StringBuilder tr = new StringBuilder(cssClass == null ? "<tr>" : "<tr class=\"" + esc(cssClass) + "\">");
            for (String cell : cells) {
                tr.append("<td>").append(esc(cell)).append("</td>");
            }
            rows.add(tr.append("</tr>\n").toString());
            return this;
        }

        String html() {
            StringBuilder out = new StringBuilder("<table>\n<thead><tr>");
            for (String h : header) {
                out.append("<th>").append(esc(h)).append("</th>");
            }
            out.append("</tr></thead>\n<tbody>\n");
            rows.forEach(out::append);
            return out.append("</tbody>\n</table>\n").toString();
        }
    }
}
