package dev.widefeed.metrics;

import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.instrumentation.dropwizard.DropwizardExports;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Dropwizard registry as Prometheus families, named by {@link PrometheusNames}. Each metric is converted by the
 * library's {@link DropwizardExports}, one at a time: in 1.4.3 it refuses a registry in which two metrics map to
 * one name (the whole scrape fails with "duplicate metric name"), which is just what labels are for. The
 * converted metrics of one name are then merged into one family under the help of their rule.
 */
final class PrometheusExports implements MultiCollector {
    private static final Logger LOG = LoggerFactory.getLogger(PrometheusExports.class);

    private final MetricRegistry registry;
    private final PrometheusNames names;

    PrometheusExports(MetricRegistry registry, PrometheusNames names) {
        this.registry = registry;
        this.names = names;
    }

    @Override
    public MetricSnapshots collect() {
        Map<String, Family> families = new TreeMap<>();
        registry.getMetrics().forEach((name, metric) -> {
            for (MetricSnapshot snapshot : converted(name, metric)) {
                families.computeIfAbsent(snapshot.getMetadata().getPrometheusName(), n -> new Family(names.help(name)))
                        .add(name, snapshot);
            }
        });
        return new MetricSnapshots(
                families.values().stream().map(Family::merged).toList());
    }

    private MetricSnapshots converted(String name, Metric metric) {
        MetricRegistry one = new MetricRegistry();
        one.register(name, metric);
        try {
            return new DropwizardExports(one, MetricFilter.ALL, names).collect();
        } catch (RuntimeException e) {
            // A gauge whose value could not be read: the scrape goes on without it, as /metrics would.
            LOG.debug("metric {} left out of the Prometheus scrape", name, e);
            return MetricSnapshots.of();
        }
    }

    /** The snapshots of one Prometheus name: each holds one Dropwizard metric's data point. */
    private static final class Family {
        private final Optional<String> help;
        private final List<String> dropwizardNames = new ArrayList<>();
        private final List<MetricSnapshot> parts = new ArrayList<>();

        Family(Optional<String> help) {
            this.help = help;
        }

        void add(String dropwizardName, MetricSnapshot snapshot) {
            dropwizardNames.add(dropwizardName);
            parts.add(snapshot);
        }

        MetricSnapshot merged() {
            MetricSnapshot first = parts.get(0);
            if (help.isEmpty() && parts.size() == 1) {
                return first;
            }
            MetricMetadata metadata = new MetricMetadata(
                    first.getMetadata().getName(),
                    help.orElse(first.getMetadata().getHelp()));
            if (first instanceof CounterSnapshot) {
                return new CounterSnapshot(metadata, points(CounterSnapshot.CounterDataPointSnapshot.class));
            }
            if (first instanceof GaugeSnapshot) {
                return new GaugeSnapshot(metadata, points(GaugeSnapshot.GaugeDataPointSnapshot.class));
            }
            if (first instanceof SummarySnapshot) {
                return new SummarySnapshot(metadata, points(SummarySnapshot.SummaryDataPointSnapshot.class));
            }
            return first; // DropwizardExports makes no other kind
        }

        /**
         * The parts' data points of the first part's kind, each set of labels once. Two metrics that come out alike
         * (names that differ only in characters Prometheus cannot spell, or a rule whose labels miss a varying part)
         * would make the scrape invalid: the first is kept, and the others are left out and logged.
         */
        private <P extends DataPointSnapshot> List<P> points(Class<P> kind) {
            List<P> points = new ArrayList<>();
            Set<Labels> seen = new HashSet<>();
            for (int i = 0; i < parts.size(); i++) {
                for (DataPointSnapshot point : parts.get(i).getDataPoints()) {
                    if (kind.isInstance(point) && seen.add(point.getLabels())) {
                        points.add(kind.cast(point));
                    } else {
                        LOG.warn(
                                "{} left out of the Prometheus scrape: it comes out as {}{} like {}",
                                dropwizardNames.get(i),
                                parts.get(0).getMetadata().getPrometheusName(),
                                point.getLabels(),
                                dropwizardNames.get(0));
                    }
                }
            }
            return points;
        }
    }
}
