package dev.widefeed.testing;

import java.util.Comparator;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.Tag;

/**
 * The order test classes are started in (junit-platform.properties): those tagged {@link Tiers#SLOW} first, then the
 * rest, each by name. Classes run three at a time; a class of minutes started last would end the suite running alone
 * while the other threads idle, and started first it runs beside the many short ones.
 */
public final class SlowClassesFirst implements ClassOrderer {
    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors()
                .sort(Comparator.comparing((ClassDescriptor c) -> !slow(c))
                        .thenComparing(c -> c.getTestClass().getName()));
    }

    private static boolean slow(ClassDescriptor descriptor) {
        return descriptor.findRepeatableAnnotations(Tag.class).stream()
                .anyMatch(tag -> tag.value().equals(Tiers.SLOW));
    }
}
