package dev.widefeed;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The map of docs/ARCHITECTURE.md, enforced: no package cycle anywhere, each feature package
 * depends only on the kernel and the features below it, and no domain package reaches a store
 * driver, HBase, JAX-RS, the store adapters or the web layer. Reads the compiled classes; no store.
 */
class ArchitectureTest {
    private static final String ROOT = "dev.widefeed";

    /** Each domain package and the domain packages it may use, bottom up. */
    static final Map<String, Set<String>> FEATURES = new LinkedHashMap<>();

    static {
        FEATURES.put("kernel", Set.of());
        FEATURES.put("cache", Set.of("kernel"));
        FEATURES.put("eventlog", Set.of("kernel"));
        FEATURES.put("idempotency", Set.of("kernel"));
        FEATURES.put("graph", Set.of("kernel", "cache"));
        FEATURES.put("audience", Set.of("kernel", "cache", "graph"));
        FEATURES.put("account", Set.of("kernel", "cache", "graph"));
        FEATURES.put("mention", Set.of("kernel", "cache", "graph"));
        FEATURES.put("topic", Set.of("kernel"));
        FEATURES.put("export", Set.of("kernel"));
        FEATURES.put("post", Set.of("kernel", "cache", "graph", "audience", "mention"));
        FEATURES.put("like", Set.of("kernel", "cache", "graph", "audience", "mention", "post"));
        FEATURES.put("comment", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post"));
        FEATURES.put("feed", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post"));
        FEATURES.put("archive", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post", "like",
                "comment"));
        FEATURES.put("erasure", Set.of("kernel", "cache", "eventlog", "graph", "account", "audience", "mention", "post",
                "like", "comment"));
        FEATURES.put("purge", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post", "like", "comment"));
        FEATURES.put("reconcile", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post", "like",
                "comment"));
        FEATURES.put("notification", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "post", "like",
                "comment"));
        FEATURES.put("textindex", Set.of("kernel", "cache", "eventlog", "graph", "audience", "mention", "topic", "post",
                "comment"));
    }

    /** What no domain class may touch: store drivers, HBase, the web layer, and the packages above the domain. */
    private static final List<String> OUTSIDE_THE_DOMAIN = List.of("com.datastax..", "org.apache.hadoop..",
            "org.apache.hbase..", "org.apache.cassandra..", "jakarta.ws.rs..", "org.glassfish.jersey..",
            ROOT + ".store..", ROOT + ".backends..", ROOT + ".localstore..", ROOT + ".resources..", ROOT + ".api..",
            ROOT + ".http..", ROOT + ".errors..", ROOT + ".auth..", ROOT + ".cli..", ROOT + ".tasks..",
            ROOT + ".health..");

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
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
                noClasses().that().resideInAPackage(ROOT + "." + feature.getKey() + "..")
                        .should().dependOnClassesThat().resideInAnyPackage(others.toArray(String[]::new))
                        .because("docs/ARCHITECTURE.md: a feature uses only the kernel and the features below it")
                        .check(classes);
            }
        }
    }

    @Test
    void theDomainKnowsNoStoreDriverNoHBaseAndNoWebLayer() {
        String[] domain = FEATURES.keySet().stream().map(f -> ROOT + "." + f + "..").toArray(String[]::new);
        noClasses().that().resideInAnyPackage(domain)
                .should().dependOnClassesThat().resideInAnyPackage(OUTSIDE_THE_DOMAIN.toArray(String[]::new))
                .because("docs/ARCHITECTURE.md: adapters translate, the domain decides")
                .check(classes);
    }

    @Test
    void adaptersKnowEachOtherNotAndNothingAboveThem() {
        noClasses().that().resideInAPackage(ROOT + ".store.cassandra..")
                .should().dependOnClassesThat().resideInAPackage(ROOT + ".store.hbase..").check(classes);
        noClasses().that().resideInAPackage(ROOT + ".store.hbase..")
                .should().dependOnClassesThat().resideInAPackage(ROOT + ".store.cassandra..").check(classes);
        noClasses().that().resideInAnyPackage(ROOT + ".store..")
                .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".resources..", ROOT + ".api..",
                        ROOT + ".http..", ROOT + ".backends..", ROOT + ".cli..")
                .check(classes);
    }
}
