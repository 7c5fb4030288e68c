package dev.widefeed;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.widefeed.auth.ActingUser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;

/**
 * The map of docs/ARCHITECTURE.md, enforced: no package cycle anywhere, each feature package
 * depends only on the kernel and the features below it, no domain package reaches a store
 * driver, HBase, JAX-RS, the store adapters or the web layer, and every other package uses what its row of the map
 * says; the naming and timing rules of its checklists; no contract run per backend by a subclass. Reads the compiled
 * classes; no store.
 */
class ArchitectureTest {
    /** By name: a class literal would make this test reach the stores, which the fast tier must not. */
    private static final String BACKEND_CONTRACT = "dev.widefeed.testing.BackendContract";

    private static final String ROOT = "dev.widefeed";

    /** Each domain package and the domain packages it may use, bottom up. */
    static final Map<String, Set<String>> FEATURES = new LinkedHashMap<>();

    static {
        FEATURES.put("kernel", Set.of());
        FEATURES.put("cache", Set.of("kernel"));
        FEATURES.put("eventlog", Set.of("kernel"));
        FEATURES.put("idempotency", Set.of("kernel"));
        FEATURES.put("graph", Set.of("kernel", "cache"));
        FEATURES.put("directory", Set.of("kernel", "cache", "eventlog", "graph"));
        FEATURES.put("audience", Set.of("kernel", "cache", "graph"));
        FEATURES.put("account", Set.of("kernel", "cache", "graph"));
        FEATURES.put("mention", Set.of("kernel", "cache", "graph"));
        FEATURES.put("topic", Set.of("kernel"));
        FEATURES.put("export", Set.of("kernel"));
        FEATURES.put("backup", Set.of());
        FEATURES.put("post", Set.of("kernel", "cache", "idempotency", "graph", "audience", "mention"));
        FEATURES.put("like", Set.of("kernel", "cache", "graph", "audience", "mention", "post"));
        FEATURES.put("comment", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post"));
        FEATURES.put("feed", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post"));
        FEATURES.put(
                "archive",
                Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post", "like", "comment"));
        FEATURES.put(
                "erasure",
                Set.of(
                        "kernel",
                        "cache",
                        "eventlog",
                        "graph",
                        "directory",
                        "account",
                        "audience",
                        "mention",
                        "post",
                        "like",
                        "comment"));
        FEATURES.put(
                "purge",
                Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post", "like", "comment"));
        FEATURES.put(
                "reconcile",
                Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post", "like", "comment"));
        FEATURES.put(
                "notification",
                Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post", "like", "comment"));
        FEATURES.put(
                "textindex",
                Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "topic", "post", "comment"));
    }

    /** The packages above the domain, each with its row in the map of docs/ARCHITECTURE.md. */
    private static final Set<String> ABOVE_THE_DOMAIN = Set.of(
            "store",
            "backends",
            "localstore",
            "composition",
            "api",
            "resources",
            "errors",
            "http",
            "auth",
            "mastodon",
            "files",
            "health",
            "tasks",
            "cli",
            "metrics");

    /** Packages of the other modules on the classpath (the HBase tools, the REST client): not the service's. */
    private static final Set<String> OTHER_MODULES = Set.of("hbasetools", "restclient");

    /** Constructor parameters at most: past that a class does more than one job, or wants its parts grouped. */
    private static final int MAX_CONSTRUCTOR_PARAMETERS = 10;

    /** What no domain class may touch: store drivers, HBase, the web layer, and the packages above the domain. */
    private static final List<String> OUTSIDE_THE_DOMAIN = List.of(
            "com.datastax..",
            "org.apache.hadoop..",
            "org.apache.hbase..",
            "org.apache.cassandra..",
            "jakarta.ws.rs..",
            "org.glassfish.jersey..",
            ROOT + ".store..",
            ROOT + ".backends..",
            ROOT + ".localstore..",
            ROOT + ".resources..",
            ROOT + ".api..",
            ROOT + ".http..",
            ROOT + ".errors..",
            ROOT + ".auth..",
            ROOT + ".mastodon..",
            ROOT + ".composition..",
            ROOT + ".cli..",
            ROOT + ".tasks..",
            ROOT + ".health..");

    /**
     * The domain's classes that use Dropwizard itself (its lifecycle, configuration and durations): the jobs an instance
     * runs and the factories of their settings (docs/ARCHITECTURE.md, "The map").
     */
    private static final Set<String> DOMAIN_ON_DROPWIZARD = Set.of(
            "eventlog.EventLogJob",
            "eventlog.EventLogFactory",
            "feed.FeedFactory",
            "graph.RelationRepairJob",
            "reconcile.CounterMarksFlush",
            "textindex.TrendingJob");

    private static final String[] WEB_LAYER = {
        ROOT + ".api..",
        ROOT + ".resources..",
        ROOT + ".errors..",
        ROOT + ".http..",
        ROOT + ".auth..",
        ROOT + ".mastodon.."
    };

    private static JavaClasses classes;

    /** The domain's packages, each with its subpackages, as ArchUnit names them. */
    private static String[] domainPackages() {
        return FEATURES.keySet().stream().map(f -> ROOT + "." + f + "..").toArray(String[]::new);
    }

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
    }

    /**
     * docs/ARCHITECTURE.md, "The map": every package is on it, a domain package with the domain packages it may use
     * (so its dependencies are checked by {@link #featuresDependOnlyOnTheKernelAndTheFeaturesBelowThem}).
     */
    @Test
    void everyPackageIsOnTheMap() {
        Set<String> packages = classes.stream()
                .map(JavaClass::getPackageName)
                .filter(name -> name.startsWith(ROOT + "."))
                .map(name -> name.substring(ROOT.length() + 1).split("\\.")[0])
                .filter(name -> !OTHER_MODULES.contains(name))
                .collect(Collectors.toCollection(java.util.TreeSet::new));
        assertThat(packages)
                .allSatisfy(name -> assertThat(FEATURES.containsKey(name) || ABOVE_THE_DOMAIN.contains(name))
                        .as("package %s is a key of FEATURES or one of the packages above the domain", name)
                        .isTrue());
        assertThat(FEATURES.values().stream().flatMap(Set::stream)).allMatch(FEATURES::containsKey);
    }

    /**
     * docs/ARCHITECTURE.md, "Assembly": a class that needs more than this many collaborators does more than one job or
     * wants its parts grouped; records are exempt, since their components are the fields of a document (a JSON view, a
     * Mastodon entity, the list of stores).
     */
    @Test
    void noConstructorTakesMoreThanTenParameters() {
        List<String> wide = classes.stream()
                .filter(c -> !c.isRecord())
                .flatMap(c -> c.getConstructors().stream())
                .filter(c -> c.getRawParameterTypes().size() > MAX_CONSTRUCTOR_PARAMETERS)
                .filter(c -> !c.getOwner().isAnonymousClass())
                .map(c -> c.getOwner().getName())
                .distinct()
                .toList();
        assertThat(wide)
                .as(
                        "classes with a constructor over %d parameters: split by job, or group their parts",
                        MAX_CONSTRUCTOR_PARAMETERS)
                .isEmpty();
    }

    /**
     * docs/ARCHITECTURE.md, "Assembly": an instance's background threads come from {@code kernel.Threads} (or the
     * server's lifecycle), so one owner stops them all. Beside it only the embedded stores' runner makes threads (it
     * watches child processes, not the instance), and the two commands' walks whose pool lives and ends within one
     * call (an export's splits, the handles' backfill).
     */
    @Test
    void onlyTheInstancesOwnerMakesThreads() {
        noClasses()
                .that()
                .resideOutsideOfPackage(ROOT + ".localstore..")
                .and()
                .doNotHaveFullyQualifiedName(ROOT + ".kernel.Threads")
                .and()
                .doNotHaveFullyQualifiedName(ROOT + ".export.Export")
                .and()
                .doNotHaveFullyQualifiedName(ROOT + ".graph.HandleBackfill")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.util.concurrent.Executors")
                .orShould()
                .callConstructorWhere(target(owner(assignableTo(Thread.class))))
                .because("a class takes its executors from its assembly (kernel.Threads)")
                .check(classes);
    }

    /** docs/ARCHITECTURE.md, "Assembly": the composition builds the features; nothing below it builds the composition. */
    @Test
    void onlyTheRootTheCommandsAndTheFacesUseTheComposition() {
        noClasses()
                .that()
                .resideInAnyPackage(domainPackages())
                .or()
                .resideInAnyPackage(ROOT + ".store..", ROOT + ".backends..", ROOT + ".localstore..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT + ".composition..")
                .because("docs/ARCHITECTURE.md, \"Assembly\": each feature assembles itself from what it is given")
                .check(classes);
    }

    /** docs/ARCHITECTURE.md: a package that grows past this splits by concern; {@code api}'s views are data. */
    @Test
    void noPackageOfLogicHoldsMoreThanThirtyClasses() {
        Map<String, Long> sizes = classes.stream()
                .filter(JavaClass::isTopLevelClass)
                .filter(c -> !c.getPackageName().equals(ROOT + ".api"))
                .collect(Collectors.groupingBy(JavaClass::getPackageName, TreeMap::new, Collectors.counting()));
        assertThat(sizes)
                .isNotEmpty()
                .allSatisfy((name, size) ->
                        assertThat(size).as("classes in %s", name).isLessThanOrEqualTo(30L));
    }

    /**
     * Per-user budgets (the rate limits) are charged to whoever a principal names; a principal that did not say it
     * names a user would be charged to its client's address, under the sign-up budget for writes.
     */
    @Test
    void everySignedInPrincipalNamesItsActingUser() {
        classes()
                .that()
                .implement(java.security.Principal.class)
                .and()
                .areNotInterfaces()
                .should()
                .implement(ActingUser.class)
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void featuresDependOnlyOnTheKernelAndTheFeaturesBelowThem() {
        for (Map.Entry<String, Set<String>> feature : FEATURES.entrySet()) {
            List<String> others = new ArrayList<>();
            for (String other : FEATURES.keySet()) {
                if (!other.equals(feature.getKey()) && !feature.getValue().contains(other)) {
                    others.add(ROOT + "." + other + "..");
                }
            }
            if (!others.isEmpty()) {
                noClasses()
                        .that()
                        .resideInAPackage(ROOT + "." + feature.getKey() + "..")
                        .should()
                        .dependOnClassesThat()
                        .resideInAnyPackage(others.toArray(String[]::new))
                        .because("docs/ARCHITECTURE.md: a feature uses only the kernel and the features below it")
                        .check(classes);
            }
        }
    }

    @Test
    void theDomainKnowsNoStoreDriverNoHBaseAndNoWebLayer() {
        String[] domain = domainPackages();
        noClasses()
                .that()
                .resideInAnyPackage(domain)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(OUTSIDE_THE_DOMAIN.toArray(String[]::new))
                .because("docs/ARCHITECTURE.md: adapters translate, the domain decides")
                .check(classes);
    }

    @Test
    void adaptersKnowEachOtherNotAndNothingAboveThem() {
        noClasses()
                .that()
                .resideInAPackage(ROOT + ".store.cassandra..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT + ".store.hbase..")
                .check(classes);
        noClasses()
                .that()
                .resideInAPackage(ROOT + ".store.hbase..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT + ".store.cassandra..")
                .check(classes);
        noClasses()
                .that()
                .resideInAnyPackage(ROOT + ".store..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        ROOT + ".resources..", ROOT + ".api..", ROOT + ".http..", ROOT + ".backends..", ROOT + ".cli..")
                .check(classes);
    }

    @Test
    void theStoreStarterAndThePrometheusEndpointUseNothingOfOurs() {
        for (String alone : List.of("localstore", "metrics")) {
            classes()
                    .that()
                    .resideInAPackage(ROOT + "." + alone + "..")
                    .should()
                    .onlyDependOnClassesThat(
                            resideInAPackage(ROOT + "." + alone + "..").or(resideOutsideOfPackage(ROOT + "..")))
                    .because("docs/ARCHITECTURE.md, \"The map\": " + alone + " may use nothing of ours")
                    .check(classes);
        }
    }

    /**
     * docs/security.md, "Server-side request forgery": outside the store adapters and the store starter (which connect
     * to the stores their configuration names, and probe their ports), no class opens a connection or an HTTP client,
     * so nothing a request says can make the service fetch a URL.
     */
    @Test
    void onlyTheStoresAdaptersAndStarterOpenConnections() {
        noClasses()
                .that()
                // The REST client module is the tests' and tools' client, on the test classpath only.
                .resideOutsideOfPackages(ROOT + ".store..", ROOT + ".localstore..", ROOT + ".restclient..")
                .should()
                .dependOnClassesThat()
                .belongToAnyOf(
                        java.net.Socket.class,
                        java.net.URL.class,
                        java.net.URLConnection.class,
                        java.nio.channels.SocketChannel.class)
                .orShould()
                .dependOnClassesThat()
                .resideInAnyPackage("java.net.http..", "jakarta.ws.rs.client..", "org.apache.hc..", "org.apache.http..")
                .check(classes);
    }

    @Test
    void theFileFormatsUseTheExportAndTheBackendsRegistryTheStores() {
        classes()
                .that()
                .resideInAPackage(ROOT + ".files..")
                .should()
                .onlyDependOnClassesThat(resideInAnyPackage(ROOT + ".files..", ROOT + ".export..")
                        .or(resideOutsideOfPackage(ROOT + "..")))
                .because("docs/ARCHITECTURE.md, \"The map\": files may use export")
                .check(classes);
        classes()
                .that()
                .resideInAPackage(ROOT + ".backends..")
                .should()
                .onlyDependOnClassesThat(resideInAnyPackage(ROOT + ".backends..", ROOT + ".store..", ROOT + ".backup..")
                        .or(resideOutsideOfPackage(ROOT + "..")))
                .because("docs/ARCHITECTURE.md, \"The map\": backends may use the store, both adapters and the"
                        + " backup they make")
                .check(classes);
    }

    @Test
    void nothingBelowTheCompositionUsesItAndTheWebLayerNoCommandTaskOrHealthCheck() {
        noClasses()
                .that()
                .resideOutsideOfPackage(ROOT)
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT)
                .because("docs/ARCHITECTURE.md, \"The map\": the root package (the composition) is used by no one")
                .check(classes);
        noClasses()
                .that()
                .resideInAnyPackage(WEB_LAYER)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        ROOT + ".health..",
                        ROOT + ".tasks..",
                        ROOT + ".cli..",
                        ROOT + ".files..",
                        ROOT + ".localstore..")
                .because("docs/ARCHITECTURE.md, \"The map\": the web layer uses everything below it")
                .check(classes);
    }

    @Test
    void theDomainUsesDropwizardOnlyInItsJobsAndFactories() {
        String[] domain = domainPackages();
        DescribedPredicate<JavaClass> named = DescribedPredicate.describe(
                "a job or factory the map names",
                c -> DOMAIN_ON_DROPWIZARD.contains(featureAndName(c))
                        || c.getEnclosingClass()
                                .map(outer -> DOMAIN_ON_DROPWIZARD.contains(featureAndName(outer)))
                                .orElse(false));
        noClasses()
                .that()
                .resideInAnyPackage(domain)
                .and(DescribedPredicate.not(named))
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.dropwizard..")
                .because("docs/ARCHITECTURE.md, \"The map\": the domain is plain Java but for its jobs and factories")
                .check(classes);
    }

    @Test
    void adaptersAreNamedAfterTheirBackend() {
        String[] domain = domainPackages();
        DescribedPredicate<JavaClass> storeInterface = DescribedPredicate.describe(
                "a store interface",
                c -> c.isInterface()
                        && c.getSimpleName().endsWith("Store")
                        && resideInAnyPackage(domain).test(c));
        for (Map.Entry<String, String> backend :
                Map.of("cassandra", "Cql", "hbase", "HBase").entrySet()) {
            classes()
                    .that()
                    .resideInAPackage(ROOT + ".store." + backend.getKey() + "..")
                    .and()
                    .areNotInterfaces()
                    .and(assignableToAny(storeInterface))
                    .and()
                    .areTopLevelClasses()
                    .should()
                    .haveSimpleNameStartingWith(backend.getValue())
                    .because("docs/ARCHITECTURE.md, \"The map\": adapters are named after their backend")
                    .check(classes);
        }
    }

    @Test
    void everyResourceIsTimed() {
        classes()
                .that()
                .resideInAPackage(ROOT + ".resources..")
                .and()
                .areAnnotatedWith("jakarta.ws.rs.Path")
                .should()
                .beAnnotatedWith("com.codahale.metrics.annotation.Timed")
                .because("docs/ARCHITECTURE.md, \"A new endpoint\": a resource class's line in the per-resource "
                        + "request rate and latency")
                .check(classes);
    }

    @Test
    void noContractIsRunPerBackendBySubclass() {
        JavaClasses tests = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages(ROOT);
        DescribedPredicate<JavaClass> contract = DescribedPredicate.describe(
                "a contract", c -> c.getSimpleName().endsWith("Contract") && !c.isAnnotation());
        noClasses()
                .that(DescribedPredicate.not(contract))
                .should()
                .beAssignableTo(contract)
                .because("docs/ARCHITECTURE.md, \"Tests\": a contract is parameterised over the backends, with no "
                        + "class per backend")
                .check(tests);
        classes()
                .that(contract)
                .should()
                .notHaveModifier(JavaModifier.ABSTRACT)
                .because("docs/ARCHITECTURE.md, \"Tests\": a contract runs itself on every backend")
                .check(tests);
        classes()
                .that()
                .areMetaAnnotatedWith(ParameterizedClass.class)
                .and()
                .doNotHaveFullyQualifiedName(BACKEND_CONTRACT)
                .should()
                .beAnnotatedWith(BACKEND_CONTRACT)
                .because("docs/TESTING.md, \"Isolation\": JUnit runs a parameterised class in the run's own thread, "
                        + "one after another, unless it says otherwise, which @BackendContract does")
                .check(tests);
    }

    /** A domain class as the map names it: {@code feed.FanoutWorker}. */
    private static String featureAndName(JavaClass c) {
        return c.getPackageName().substring(ROOT.length() + 1) + "." + c.getSimpleName();
    }

    private static DescribedPredicate<JavaClass> assignableToAny(DescribedPredicate<JavaClass> types) {
        return DescribedPredicate.describe(
                "implementing " + types.getDescription(),
                c -> c.getAllRawInterfaces().stream().anyMatch(types));
    }
}
