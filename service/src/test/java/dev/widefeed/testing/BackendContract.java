package dev.widefeed.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A contract: the class's tests run once on every {@link TestBackend}, as the store tier (docs/TESTING.md,
 * "Isolation"). It runs beside other classes, which JUnit does for a parameterised class only when it is told to
 * ({@code CONCURRENT}: otherwise it runs them one after another in the run's own thread); its backends take turns, each
 * running the class's tests one after another, so that a class's fields and its share of the stores are only ever one
 * backend's at a time.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedClass(name = "{0}")
@EnumSource(TestBackend.class)
@Tag(Tiers.STORE)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(providers = BackendContract.BackendsTakeTurns.class)
public @interface BackendContract {
    /** A lock per contract class that each of its tests holds, so that its two backends never run at once. */
    final class BackendsTakeTurns implements ResourceLocksProvider {
        @Override
        public Set<Lock> provideForMethod(
                List<Class<?>> enclosingInstanceTypes, Class<?> testClass, Method testMethod) {
            return Set.of(new Lock("the backends of " + testClass.getName()));
        }
    }
}
