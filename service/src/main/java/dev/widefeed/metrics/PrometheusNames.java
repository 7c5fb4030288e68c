package dev.widefeed.metrics;

import io.prometheus.metrics.instrumentation.dropwizard5.labels.CustomLabelMapper;
import io.prometheus.metrics.instrumentation.dropwizard5.labels.MapperConfig;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.PrometheusNaming;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How Dropwizard metric names become Prometheus names and labels. Where a part of a name varies (a store and its
 * method, a resource and its method, a node, a response code), the rule for it makes that part a label, so one
 * family holds every value and a dashboard can add them up; a name no rule matches keeps its Dropwizard spelling.
 * Every name comes out in the classic character set ({@code [a-zA-Z0-9_:]}): the queries in docs/operations.md read the
 * same whatever escaping a scraper asks for.
 *
 * <p>The rules are the library's ({@link MapperConfig}: a glob whose {@code *} is one dot-free part, a name and label
 * templates in which {@code ${n}} is what the n-th {@code *} matched, counting from 0; the first match wins). The
 * dropwizard module of 1.4.3 shares them with dropwizard5's.
 */
final class PrometheusNames extends CustomLabelMapper {
    /** One rule: what it matches, the family it makes, the labels taken from the name, and the family's help. */
    record Rule(String match, String name, Map<String, String> labels, String help) {
        MapperConfig config() {
            return new MapperConfig(match, name, labels);
        }

        /** Whether it matches, by the library's glob: each {@code *} stands for one part without dots. */
        boolean matches(String dropwizardName) {
            StringBuilder regex = new StringBuilder();
            String[] literals = match.split(Pattern.quote("*"), -1);
            for (int i = 0; i < literals.length; i++) {
                regex.append(i == 0 ? "" : "[^.]*").append(Pattern.quote(literals[i]));
            }
            return dropwizardName.matches(regex.toString());
        }
    }

    static final List<Rule> RULES = Stream.of(
                    List.of(
                            new Rule(
                                    "io.dropwizard.jetty.MutableServletContextHandler.requests",
                                    "http_server_requests_seconds",
                                    Map.of(),
                                    "Requests on the application port, from the first byte read to the last written."),
                            new Rule(
                                    "io.dropwizard.jetty.MutableServletContextHandler.responses.*",
                                    "http_server_responses",
                                    Map.of("code", "${0}"),
                                    "Responses on the application port, by status code.")),
                    // Our resources, and the OPTIONS answers Jersey adds to them (which their @Timed covers too).
                    resources("dev.widefeed.resources"),
                    // The Mastodon face's resources: their class names are apart from the native ones'.
                    resources("dev.widefeed.mastodon"),
                    resources("org.glassfish.jersey.process"),
                    List.of(
                            new Rule(
                                    "store.*.*.*",
                                    "store_operation_seconds",
                                    Map.of("backend", "${0}", "store", "${1}", "method", "${2}"),
                                    "Store operations, by backend, store interface and method (TimedStores)."),
                            new Rule(
                                    "store.*.*.errors.*",
                                    "store_errors",
                                    Map.of("backend", "${0}", "store", "${1}", "kind", "${2}"),
                                    "Store operations that failed, by store interface and kind: temporary (nothing applied),"
                                            + " unknown-outcome (timed out: perhaps applied), permanent (a bug)."),
                            new Rule(
                                    "cache.*.*",
                                    "cache_${1}",
                                    Map.of("cache", "${0}"),
                                    "The cache tier, by cache (posts, post-counts, profiles): hits, misses, hit_ratio and loads since"
                                            + " start, entries and weight now, evictions, load_seconds."),
                            new Rule(
                                    "dev.widefeed.http.RateLimitFilter.*.refused",
                                    "rate_limit_refused",
                                    Map.of("budget", "${0}"),
                                    "Requests refused with 429 by a rate limit, by budget."),
                            new Rule(
                                    "cassandra.nodes.*.*",
                                    "cassandra_node_${1}",
                                    Map.of("node", "${0}"),
                                    "The Cassandra driver's metric of one node (cassandra.nodes.<node>.<metric>)."),
                            new Rule(
                                    "cassandra.nodes.*.*.*",
                                    "cassandra_node_${1}_${2}",
                                    Map.of("node", "${0}"),
                                    "The Cassandra driver's metric of one node (cassandra.nodes.<node>.<metric>)."),
                            new Rule(
                                    "cassandra.nodes.*.*.*.*",
                                    "cassandra_node_${1}_${2}_${3}",
                                    Map.of("node", "${0}"),
                                    "The Cassandra driver's metric of one node (cassandra.nodes.<node>.<metric>)."),
                            new Rule(
                                    "jvm.gc.*.count",
                                    "jvm_gc_collections",
                                    Map.of("gc", "${0}"),
                                    "Collections since the JVM started, by collector."),
                            new Rule(
                                    "jvm.gc.*.time",
                                    "jvm_gc_time_milliseconds",
                                    Map.of("gc", "${0}"),
                                    "Time collecting since the JVM started, by collector."),
                            new Rule(
                                    "jvm.memory.pools.*.*",
                                    "jvm_memory_pool_${1}",
                                    Map.of("pool", "${0}"),
                                    "A JVM memory pool's usage (jvm.memory.pools.<pool>.<what>; bytes, or a ratio for usage)."),
                            new Rule(
                                    "org.eclipse.jetty.util.thread.QueuedThreadPool.*.*",
                                    "jetty_threads_${1}",
                                    Map.of("pool", "${0}"),
                                    "A Jetty thread pool (dw: the application port's, dw-admin: the admin port's)."),
                            new Rule(
                                    "org.eclipse.jetty.server.HttpConnectionFactory.*.connections",
                                    "http_server_connections_seconds",
                                    Map.of("port", "${0}"),
                                    "How long connections stayed open, by port."),
                            // Dropwizard's thread factories (executors of the lifecycle: batch-follow, page-read, ...).
                            // Renamed:
                            // Prometheus reserves the suffix of "created".
                            new Rule(
                                    "*.created",
                                    "executor_threads_started",
                                    Map.of("executor", "${0}"),
                                    "Threads an executor started."),
                            new Rule(
                                    "*.running",
                                    "executor_threads_running",
                                    Map.of("executor", "${0}"),
                                    "Threads of an executor running now (a Dropwizard counter: it goes down too)."),
                            new Rule(
                                    "*.terminated",
                                    "executor_threads_terminated",
                                    Map.of("executor", "${0}"),
                                    "Threads of an executor that ended."),
                            new Rule(
                                    "ch.qos.logback.core.Appender.*",
                                    "logback_events",
                                    Map.of("level", "${0}"),
                                    "Log events, by level (\"all\" is their sum).")))
            .flatMap(List::stream)
            .toList();

    /** The three timers Dropwizard keeps for each method of a @Timed resource class under this package. */
    private static List<Rule> resources(String prefix) {
        return List.of(
                new Rule(
                        prefix + ".*.*.total",
                        "http_server_resource_seconds",
                        Map.of("resource", "${0}", "method", "${1}"),
                        "Requests by resource method, from the match of their path to the response written (filters,"
                                + " authentication, rate limits and the method itself)."),
                new Rule(
                        prefix + ".*.*",
                        "http_server_resource_method_seconds",
                        Map.of("resource", "${0}", "method", "${1}"),
                        "Time in the resource method alone, by resource and method."),
                new Rule(
                        prefix + ".*.*.*.filtering",
                        "http_server_resource_filtering_seconds",
                        Map.of("resource", "${0}", "method", "${1}", "phase", "${2}"),
                        "Time in the request or response filters of a resource method."));
    }

    /**
     * A response meter names its status code inside its last part ({@code 503-responses}), which no glob can take
     * apart; such a name is matched as {@code ….responses.503}.
     */
    private static final Pattern RESPONSE_CODE = Pattern.compile("(.*)\\.([1-5][0-9][0-9])-responses");

    PrometheusNames() {
        super(RULES.stream().map(Rule::config).toList());
    }

    @Override
    public String getName(String dropwizardName) {
        return PrometheusNaming.prometheusName(super.getName(matchedAs(dropwizardName)));
    }

    @Override
    public Labels getLabels(String dropwizardName, List<String> additionalNames, List<String> additionalValues) {
        return super.getLabels(matchedAs(dropwizardName), additionalNames, additionalValues);
    }

    /** The help of the rule a Dropwizard name falls under, if any. */
    Optional<String> help(String dropwizardName) {
        String name = matchedAs(dropwizardName);
        return RULES.stream().filter(r -> r.matches(name)).findFirst().map(Rule::help);
    }

    /**
     * The name the rules are matched against. DropwizardExports asks for a meter's name with {@code _total} added
     * (and for its labels without): that is taken off again so that one rule covers both, and the exposition adds
     * it back to every counter.
     */
    private static String matchedAs(String dropwizardName) {
        String name = dropwizardName.endsWith("_total")
                ? dropwizardName.substring(0, dropwizardName.length() - "_total".length())
                : dropwizardName;
        Matcher code = RESPONSE_CODE.matcher(name);
        return code.matches() ? code.group(1) + ".responses." + code.group(2) : name;
    }
}
