# Look-alikes of data sets the project has not seen, for checking defaults (NumPy; writes to /tmp/w/unseen).
# imbalanced: 20,000 x 9, 7 classes at 78/15/6/0.3/0.1/0.03/0.02 %; binary: 3,186 x 180 binary, 3 classes;
# overlapping: 1,500 x 10, 5 clusters; highdim: 3,000 x 60, 8 unequal clusters, signal in 10 dimensions.
# Run: mkdir -p /tmp/w/unseen && python3 experiments/unseen-lookalikes.py
import numpy as np, sys
def write(name, X, y, fmt):
    with open(f"/tmp/w/unseen/{name}.csv","w") as f:
        f.write(",".join(f"x{i}" for i in range(X.shape[1]))+",label\n")
        for row,l in zip(X,y):
            f.write(",".join(fmt(v) for v in row)+f",{l}\n")
rng=np.random.default_rng(7)
# shuttle-like: 20000 pts, 9 features, 7 classes, ~78/15/6/0.3/0.1/0.05/0.05 %
props=np.array([0.784,0.153,0.056,0.003,0.0009,0.0003,0.0002]); props/=props.sum()
n=20000; counts=np.maximum(np.round(props*n).astype(int),4); counts[0]+=n-counts.sum()
X=[];y=[]
for c,m in enumerate(counts):
    mu=rng.normal(0,3.0,9); A=rng.normal(0,1,(9,9))*rng.uniform(0.3,1.0,9)
    X.append(rng.normal(size=(m,9))@A*0.6+mu); y+= [c]*m
X=np.vstack(X); y=np.array(y); p=rng.permutation(n)
write("imbalanced", X[p], y[p], lambda v:f"{v:.4f}")
# dna-like: 3186 x 180 binary, 3 classes 24/24/52 %
n=3186; counts=[765,765,1656]; base=rng.uniform(0.1,0.5,180)
X=[];y=[]
for c,m in enumerate(counts):
    pr=base.copy(); inf=rng.choice(180,30,replace=False); pr[inf]=rng.uniform(0.05,0.95,30)
    X.append((rng.random((m,180))<pr).astype(int)); y+=[c]*m
X=np.vstack(X); y=np.array(y); p=rng.permutation(n)
write("binary", X[p], y[p], lambda v:str(v))
# overlapping: 1500 x 10, 5 clusters, centres close
n=1500; X=[];y=[]
for c in range(5):
    mu=rng.normal(0,1.2,10); X.append(rng.normal(size=(300,10))+mu); y+=[c]*300
X=np.vstack(X); y=np.array(y); p=rng.permutation(n)
write("overlapping", X[p], y[p], lambda v:f"{v:.4f}")
# highdim: 3000 x 60, 8 clusters unequal sizes, signal in 10 dims
n=3000; sizes=np.array([900,700,450,350,250,180,120,50]); X=[];y=[]
for c,m in enumerate(sizes):
    mu=np.zeros(60); mu[:10]=rng.normal(0,2.2,10); X.append(rng.normal(size=(m,60))+mu); y+=[c]*m
X=np.vstack(X); y=np.array(y); p=rng.permutation(n)
write("highdim", X[p], y[p], lambda v:f"{v:.4f}")
