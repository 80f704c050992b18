package io.csc.spark;

import io.csc.linalg.DenseMatrix;
import io.csc.linalg.DistanceKernels;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * k-means|| seeding for several runs at once (Bahmani et al., VLDB 2012): from the given first
 * centres (the labelled classes' means, or one point drawn uniformly), {@value
 * DistributedKMeans#SEEDING_ROUNDS} rounds each draw every point with probability
 * {@code min(1, l d²(x) / φ)}, {@code l = } {@value DistributedKMeans#OVERSAMPLING}{@code  k},
 * d the distance to the nearest candidate so far and φ its sum; the candidates, weighted by the
 * points nearest to them, are then reduced to k centres on the driver by weighted k-means++ and
 * Lloyd iterations that keep the given first centres. Each point's distance is kept between rounds
 * (cached with the blocks), so a round costs O(new candidates x m) per point.
 */
final class Seeding {

    private static final int LOCAL_ITERATIONS = 30;

    private Seeding() {
    }

    /** k centres (row-major k x m) for each run, the first {@code seeds.rows()} of them the seeds. */
    static double[][] seed(JavaRDD<EmbeddedBlock> embedding, long n, int k, DenseMatrix seeds, DenseMatrix ignored,
                           SplittableRandom[] generators, JavaSparkContext spark) {
        int runs = generators.length;
        int m = seeds.columns();
        int s = Math.min(seeds.rows(), k);
        List<List<double[]>> candidates = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            candidates.add(new ArrayList<>());
            for (int j = 0; j < s; j++) {
                candidates.get(r).add(seeds.row(j));
            }
        }
        if (s >= k) {
            return assemble(candidates, k, m);
        }
        if (s == 0) {
            long[] drawn = new long[runs];
            for (int r = 0; r < runs; r++) {
                drawn[r] = generators[r].nextLong(n);
            }
            long[] distinct = new TreeSet<>(Arrays.stream(drawn).boxed().toList()).stream().mapToLong(Long::longValue)
                    .toArray();
            DenseMatrix rows = DistributedKMeans.rowsAt(embedding, distinct, m);
            for (int r = 0; r < runs; r++) {
                candidates.get(r).add(rows.row(Arrays.binarySearch(distinct, drawn[r])));
            }
        }
        int oversampling = DistributedKMeans.OVERSAMPLING * k;
        JavaRDD<double[]> costs = DistributedKMeans.cached(embedding.map(block -> new double[runs * block.rows()]));
        int[] known = new int[runs];
        for (int round = 0; round <= DistributedKMeans.SEEDING_ROUNDS; round++) {
            double[][][] fresh = new double[runs][][];
            for (int r = 0; r < runs; r++) {
                List<double[]> added = candidates.get(r).subList(known[r], candidates.get(r).size());
                fresh[r] = added.toArray(new double[0][]);
                known[r] = candidates.get(r).size();
            }
            Broadcast<double[][][]> newCentres = spark.broadcast(fresh);
            boolean first = round == 0;
            JavaRDD<double[]> updated = DistributedKMeans.cached(embedding.zip(costs).map(pair -> {
                EmbeddedBlock block = pair._1();
                double[] cost = pair._2().clone();
                double[][][] centres = newCentres.value();
                for (int r = 0; r < runs; r++) {
                    for (int i = 0; i < block.rows(); i++) {
                        double best = first ? Double.POSITIVE_INFINITY : cost[r * block.rows() + i];
                        for (double[] centre : centres[r]) {
                            best = Math.min(best, DistanceKernels.squaredDistance(block.values(), i * m, centre, 0, m));
                        }
                        cost[r * block.rows() + i] = best;
                    }
                }
                return cost;
            }));
            updated.count();
            costs.unpersist(false);
            newCentres.unpersist(false);
            costs = updated;
            if (round == DistributedKMeans.SEEDING_ROUNDS) {
                break;
            }
            double[] total = OrderedAggregation.aggregate(costs, partition -> {
                double[] sum = new double[runs];
                while (partition.hasNext()) {
                    double[] cost = partition.next();
                    int rows = cost.length / runs;
                    for (int r = 0; r < runs; r++) {
                        for (int i = 0; i < rows; i++) {
                            sum[r] += cost[r * rows + i];
                        }
                    }
                }
                return sum;
            }, OrderedAggregation::addInto);
            long[] roundSeeds = new long[runs];
            for (int r = 0; r < runs; r++) {
                roundSeeds[r] = generators[r].nextLong();
            }
            List<Drawn> draws = embedding.zip(costs).flatMap(pair -> {
                EmbeddedBlock block = pair._1();
                double[] cost = pair._2();
                List<Drawn> found = new ArrayList<>();
                for (int r = 0; r < runs; r++) {
                    if (!(total[r] > 0)) {
                        continue;
                    }
                    SplittableRandom random = new SplittableRandom(roundSeeds[r] ^ (block.firstIndex() * 0x9E3779B97F4A7C15L));
                    for (int i = 0; i < block.rows(); i++) {
                        if (random.nextDouble() * total[r] < oversampling * cost[r * block.rows() + i]) {
                            found.add(new Drawn(r, Arrays.copyOfRange(block.values(), i * m, i * m + m)));
                        }
                    }
                }
                return found.iterator();
            }).collect();
            for (Drawn drawn : draws) {
                candidates.get(drawn.run()).add(drawn.row());
            }
        }
        costs.unpersist(false);
        double[][] weights = candidateWeights(embedding, candidates, m, spark);
        double[][] centres = new double[runs][];
        for (int r = 0; r < runs; r++) {
            centres[r] = reduce(candidates.get(r), weights[r], s, k, m, generators[r]);
        }
        return centres;
    }

    /** A point drawn for run {@code run}. */
    record Drawn(int run, double[] row) implements Serializable {
    }

    private static double[][] assemble(List<List<double[]>> candidates, int k, int m) {
        double[][] centres = new double[candidates.size()][k * m];
        for (int r = 0; r < candidates.size(); r++) {
            for (int j = 0; j < k; j++) {
                System.arraycopy(candidates.get(r).get(j), 0, centres[r], j * m, m);
            }
        }
        return centres;
    }

    /** How many points have each candidate as their nearest, per run. */
    private static double[][] candidateWeights(JavaRDD<EmbeddedBlock> embedding, List<List<double[]>> candidates, int m,
                                               JavaSparkContext spark) {
        int runs = candidates.size();
        double[][] flat = new double[runs][];
        int[] sizes = new int[runs];
        for (int r = 0; r < runs; r++) {
            sizes[r] = candidates.get(r).size();
            flat[r] = new double[sizes[r] * m];
            for (int j = 0; j < sizes[r]; j++) {
                System.arraycopy(candidates.get(r).get(j), 0, flat[r], j * m, m);
            }
        }
        Broadcast<double[][]> all = spark.broadcast(flat);
        double[][] weights = OrderedAggregation.aggregate(embedding, partition -> {
            double[][] count = new double[runs][];
            for (int r = 0; r < runs; r++) {
                count[r] = new double[sizes[r]];
            }
            while (partition.hasNext()) {
                EmbeddedBlock block = partition.next();
                for (int i = 0; i < block.rows(); i++) {
                    for (int r = 0; r < runs; r++) {
                        count[r][DistributedKMeans.nearest(block.values(), i * m, all.value()[r], sizes[r], m)]++;
                    }
                }
            }
            return count;
        }, (left, right) -> {
            for (int r = 0; r < left.length; r++) {
                OrderedAggregation.addInto(left[r], right[r]);
            }
            return left;
        });
        all.unpersist(false);
        return weights;
    }

    /**
     * k centres from weighted candidates: the first {@code fixed} candidates as they are, the rest by
     * weighted k-means++ (probability proportional to weight times squared distance to the nearest
     * centre chosen) and weighted Lloyd iterations in which the fixed centres do not move.
     */
    static double[] reduce(List<double[]> candidates, double[] weights, int fixed, int k, int m, SplittableRandom random) {
        int count = candidates.size();
        double[] x = new double[count * m];
        for (int j = 0; j < count; j++) {
            System.arraycopy(candidates.get(j), 0, x, j * m, m);
        }
        double[] centres = new double[k * m];
        double[] nearest = new double[count];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        for (int j = 0; j < k; j++) {
            int chosen;
            if (j < fixed) {
                chosen = j;
            } else {
                double total = 0;
                for (int t = 0; t < count; t++) {
                    total += weights[t] * (j == 0 ? 1.0 : nearest[t]);
                }
                chosen = count - 1;
                if (total > 0 && Double.isFinite(total)) {
                    double target = random.nextDouble() * total;
                    double sum = 0;
                    for (int t = 0; t < count; t++) {
                        sum += weights[t] * (j == 0 ? 1.0 : nearest[t]);
                        if (sum > target) {
                            chosen = t;
                            break;
                        }
                    }
                } else {
                    chosen = random.nextInt(count);
                }
            }
            System.arraycopy(x, chosen * m, centres, j * m, m);
            for (int t = 0; t < count; t++) {
                nearest[t] = Math.min(nearest[t], DistanceKernels.squaredDistance(x, t * m, centres, j * m, m));
            }
        }
        for (int iteration = 0; iteration < LOCAL_ITERATIONS; iteration++) {
            double[] sums = new double[k * m];
            double[] mass = new double[k];
            for (int t = 0; t < count; t++) {
                int label = DistributedKMeans.nearest(x, t * m, centres, k, m);
                mass[label] += weights[t];
                for (int d = 0; d < m; d++) {
                    sums[label * m + d] += weights[t] * x[t * m + d];
                }
            }
            boolean moved = false;
            for (int j = fixed; j < k; j++) {
                if (mass[j] > 0) {
                    for (int d = 0; d < m; d++) {
                        double value = sums[j * m + d] / mass[j];
                        moved |= value != centres[j * m + d];
                        centres[j * m + d] = value;
                    }
                }
            }
            if (!moved) {
                break;
            }
        }
        return centres;
    }
}
