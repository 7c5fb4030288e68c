package dev.widefeed.perf.report;

import java.awt.Rectangle;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/** A chart drawn as one inline {@code <svg>} element. */
final class Svg {
    private Svg() {}

    static String of(JFreeChart chart, String id, int width, int height) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        // Clip paths and gradients get ids; they must not collide between the SVGs inlined in one page.
        g.setDefsKeyPrefix(id + "-");
        chart.draw(g, new Rectangle(width, height));
        // The view box lets CSS scale the chart down on a narrow window.
        return g.getSVGElement(id + "-svg", true, new ViewBox(0, 0, width, height), null, null);
    }
}
