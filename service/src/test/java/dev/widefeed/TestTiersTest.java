package dev.widefeed;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.widefeed.localstore.LocalCassandra;
import dev.widefeed.localstore.LocalHBase;
import dev.widefeed.testing.Tiers;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The fast tier (docs/TESTING.md) leaves out every class tagged {@link Tiers#STORE}, so a class that starts a store
 * without the tag would make the fast tier start one, and a fast-tier run is meant to need none. This finds, in the
 * compiled test classes, every class whose own code, superclasses or test helpers (followed through the test code)
 * start a store: the test JVM's shared stores ({@code TestStores}, through which the storages and test applications
 * come), a store of its own ({@link LocalCassandra#start}, {@link LocalHBase#start}) or the service in a child JVM
 * ({@code ChildJvm}). Each must carry the tag, directly or from a class it extends. No store is started here.
 */
class TestTiersTest {
    // By name: a class literal here would make this test reach them.
    private static final Set<String> STARTS_A_STORE =
            Set.of("dev.widefeed.testing.TestStores", "dev.widefeed.testing.ChildJvm");
    private static final Set<String> STORE_OWNERS = Set.of(LocalCassandra.class.getName(), LocalHBase.class.getName());

    private final JavaClasses tests = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
            .importPackages("dev.widefeed");
    private final Map<String, Boolean> reaches = new HashMap<>();

    @Test
    void everyTestClassThatStartsAStoreIsTaggedStore() {
        Set<String> untagged = new TreeSet<>();
        for (JavaClass c : tests) {
            if (runsTests(c) && reachesAStore(c) && !tagged(c, Tiers.STORE)) {
                untagged.add(c.getName());
            }
        }
        assertThat(untagged)
                .as("test classes that start a store without @Tag(Tiers.STORE)")
                .isEmpty();
    }

    @Test
    void theSearchFindsTheStoresThroughTheBackendsAndHelpers() {
        // What the rule above rests on: a contract reaches the stores only through the backends it is parameterised
        // over (TestBackend, then TestStorages or TestApps), a backend's own test through TestStorages, and a pure
        // rule's test not at all.
        assertThat(reachesAStore(tests.get("dev.widefeed.store.LikeStoreContract")))
                .isTrue();
        assertThat(reachesAStore(tests.get("dev.widefeed.resources.ApiContract")))
                .isTrue();
        assertThat(reachesAStore(tests.get("dev.widefeed.store.cassandra.CqlLikeStoreTest")))
                .isTrue();
        assertThat(reachesAStore(tests.get("dev.widefeed.kernel.PageTest"))).isFalse();
        assertThat(tagged(tests.get("dev.widefeed.kernel.PageTest"), Tiers.STORE))
                .isFalse();
    }

    /** Whether the class, or any test class it depends on or extends, starts a store. */
    private boolean reachesAStore(JavaClass start) {
        return reaches.computeIfAbsent(start.getName(), name -> {
            Deque<JavaClass> todo = new ArrayDeque<>(List.of(start));
            Set<String> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                JavaClass c = todo.pop();
                if (!seen.add(c.getName())) {
                    continue;
                }
                if (STARTS_A_STORE.contains(c.getName()) || startsAStoreOfItsOwn(c)) {
                    return true;
                }
                c.getDirectDependenciesFromSelf().forEach(d -> {
                    JavaClass target = d.getTargetClass();
                    if (tests.contain(target.getName())) {
                        todo.push(tests.get(target.getName()));
                    } else if (STARTS_A_STORE.contains(target.getName())) {
                        todo.push(target);
                    }
                });
            }
            return false;
        });
    }

    private static boolean startsAStoreOfItsOwn(JavaClass c) {
        for (JavaMethodCall call : c.getMethodCallsFromSelf()) {
            if (STORE_OWNERS.contains(call.getTargetOwner().getName())
                    && call.getName().equals("start")) {
                return true;
            }
        }
        return false;
    }

    private static boolean runsTests(JavaClass c) {
        if (c.isInterface()
                || c.getModifiers().contains(JavaModifier.ABSTRACT)
                || (c.isNestedClass() && !c.isAnnotatedWith(Nested.class))) {
            return false;
        }
        Class<?> type = c.reflect();
        for (Class<?> t = type; t != null && t != Object.class; t = t.getSuperclass()) {
            for (var m : t.getDeclaredMethods()) {
                if (!Modifier.isPrivate(m.getModifiers()) && AnnotationSupport.isAnnotated(m, Testable.class)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** JUnit's own reading of the tags, inherited from superclasses as the launcher sees them. */
    private static boolean tagged(JavaClass c, String tag) {
        return AnnotationSupport.findRepeatableAnnotations(c.reflect(), Tag.class).stream()
                .anyMatch(t -> t.value().equals(tag));
    }
}
