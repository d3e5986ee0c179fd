// The most common passwords (the first 1,000 of 4,000 leaked-password lists' favourites, all at least 7
// characters long), lower case, separated by spaces and line ends: a new password on this list is
// refused (domain/password-policy.ts). Embedded, no network; about 9 kB.

export const COMMON_PASSWORDS = `
password 12345678 123456789 1234567 baseball football letmein michael mustang qwertyuiop 1234567890 superman
1qaz2wsx 7777777 fuckyou jennifer trustno1 zxcvbnm charlie sunshine iloveyou computer michelle jessica
starwars asshole klaster freedom princess 11111111 matthew chelsea william yankees corvette heather thunder
diamond anthony 1234qwer patrick richard internet samantha scooter q1w2e3r4t5 maverick jackson phoenix
whatever chicken mercedes ferrari welcome samsung steelers melissa arsenal gateway porsche monster bulldog
qwer1234 hardcore cowboys ncc1701 brandon q1w2e3r4 chester fuckoff charles forever rangers midnight chicago
bigdaddy victoria natasha bigdick marlboro raiders fishing crystal jasmine panties gandalf password1 1q2w3e4r
cocacola jordan23 winston madison panther bigtits shannon johnson asdfasdf thx1138 danielle 12344321 blowjob
8675309 jonathan liverpoo qwerty123 passw0rd abcd1234 pokemon slipknot 123456a scorpion startrek rainbow
asdfghjkl redskins newyork cameron qazwsxedc florida liverpool nicholas butthead dolphins captain packers
peaches dolphin tiffany maxwell qwertyui shithead nirvana metallic rosebud mountain benjamin warrior elephant
success bond007 jackass scorpio rush2112 1q2w3e4r5t 123456q creative trouble america rebecca garfield bullshit
asdfghjk fucking 1qazxsw2 december airborne brooklyn godzilla 4815162342 phantom nothing williams darkness
blink182 platinum 01012011 11223344 voyager lifehack 12qwaszx trinity snowball playboy bubbles hooters cricket
nintendo november gabriel destiny pakistan pumpkin digital explorer redwings private therock 789456123
lasvegas guinness beatles christin qwerty1 asdf1234 broncos babygirl eclipse cartman michigan testing carolina
alexande pantera vampire dickhead buffalo montana maximus minecraft stalker metallica kristina kimberly
spencer barbara snickers sabrina friends paradise caroline 147258369 lacrosse qwertyu bollocks genesis
poohbear qweasdzxc october vanessa einstein boobies stanley bitches drowssap stephen courtney spitfire drummer
patricia maryjane champion svetlana gregory anderson douglas westside security thumper general zaq12wsx
alexander melanie a123456 123456789a vincent 1232323q scarface qwerty12 marshall veronica frankie stargate
antonio liberty natalie mercury 12345qwert semperfi popcorn brittany claudia scotland cherokee vikings
simpsons loveyou michael1 allison patches jupiter penguin cumshot passion vladimir franklin sandman infinity
bastard passport fantasy bulldogs 1234554321 budlight ironman usuckballz1 softball francis jeffrey fktrcfylh
marines kawasaki ireland fireman college russell houston bradley justice wildcats logitech swordfis everton
motorola alexandr timothy patriots madonna colorado juventus freeuser titanic simpson warcraft wolverin
elizabet arizona valentin georgia test123 mitchell password123 zachary naughty ncc1701d spiderma chopper
hello123 extreme virginia skyline pearljam 123qweasd awesome dreamer predator charlie1 123123a panthers
skipper nemesis peekaboo rasdzv3 rolltide american cardinal chevelle 9379992 fyfcnfcbz windows loverboy
lovelove victory 123654789 changeme rooster electric bigcock newport kenneth hendrix england sublime britney
darkside hercules lawrence wolfpack classic letmein1 lincoln ronaldo 741852963 spiderman blizzard cheyenne
123456789q cjkysirj raymond brother kristen pandora holiday wildcat 147852369 sterling alabama bondage
basketball pussycat catch22 leather a1b2c3d4 chronic flowers freepass airplane perfect billybob stingray
snowman chocolat zeppelin detroit pontiac firebird business redhead greenday tarheels 01011980 hellfire
engineer dragon1 service serenity michele fireball 1029384756 remember darkstar miranda mustang1 freddie
pavilion bobafett 01012000 dbrnjhbz clinton bowling harrison wallace welcome1 swimming pyramid dodgers
defender trooper precious packard lucifer icecream stewart swordfish presario rockstar manager control
airforce atlanta thailand looking 21122112 bluebird hawkeye nfnmzyf catfish goldfish pervert machine wrangler
nipples tornado cadillac orlando pegasus longhorn dilbert microsoft christia qazwsx123 shooter lesbian seattle
amateur prelude assassin integra atlantis 123qweasdzxc pussies dragons monkey1 unicorn lonewolf stealth
kristin software leonardo student srinivas angelina valentina trigger shotgun veronika country babydoll
wordpass butterfly chipper samurai devildog valerie mistress flipper freedom1 express soso123aljg teacher
polaris cookies montreal hjvfirf wolfgang transam 31415926 oicu812 hotstuff toshiba basketba birthday stephani
jessica1 roberto stinger testtest fuckyou2 kathleen savannah shamrock deftones trucker redneck goldberg
blaster siemens renegade blondie hamilton swinger cristina lindsay special blahblah enterpri 1234abcd babylon5
sweetpea skeeter indiana trfnthbyf master1 freeman bigfoot trumpet tristan spartan babylon asdfghj paladin
andreas cavalier marathon aardvark butterfl bigboobs manchester yankees1 napoleon toronto indians buckeyes
01011990 hesoyam fredfred charger highland sweetie holland 1qaz2wsx3edc diamonds buckeye campbell griffin
passwor chandler drpepper elizabeth leonard pornstar 12345678910 thuglife sherlock hamster aragorn pioneer
triumph fktrctq morpheus wetpussy shadow1 sampson consumer chrissy goforit pitbull adgjmptw spartak hunting
barcelona nicolas pebbles sundance isabella overlord emerald racecar isabelle germany 1478963 goddess shirley
element huskers christy ultimate ncc1701e blackie matthew1 geronimo caserta 123qwe123 philips bassman
aleksandr webster portugal madness superfly q1w2e3r4t5y6 florence wrinkle1 soldier warlock martina 11235813
51505150 seminole alejandr westham concrete access14 margaret christop ladybug letmein2 network bernard
qazxswedc trombone pleasure rhbcnbyf history bluesky sherman january onelove christian cdtnkfyf brianna
vfvjxrf stallion lindsey hansolo natalia phillip inferno mongoose connect kingkong flatron bluemoon personal
blessed dominic jamaica alberto a1234567 fuckyou1 immortal plastic 123454321 dietcoke anthony1 whiskey monitor
giovanni nolimit daniela hollywoo abigail morrison katrina 1234321 14789632 clifford mission pickles million
sailing bonehead fernando ghbdtnbr charlott 1123581321 cumming memphis ilovesex maurice william1 hongkong
sebastia pentium kennedy curious pacific funtime werewolf cantona kingdom gilbert abgrtyu pirates super123
cooldude eternity lollipop tottenha stocking monique anything jackoff 7895123 biscuit columbia makaveli
robinson martini verbatim snapper satan666 solomon patriot standard blackcat punkrock raistlin infantry
qwerty12345 twister ricardo waterloo clayton crimson 01012010 seinfeld musicman colleen wolfman megadeth
foxtrot garrett skywalke gn56gn56 banshee squirrel wolverine sunrise western grendel roxanne legolas herbert
lvbnhbq qazwsxed stardust brownie twilight daytona peanuts intrepid pikachu vanhalen jericho hershey strider
lobster punisher 1234567a neptune showtime amadeus suzanne fuckfuck 111222333 getsome support rfrfirf skittles
ekaterina whitney maestro english tarheel fighter blue123 hannibal capital newlife thunder1 preston princes
brendan 123456z tequila chelsea1 surfing 1q2w3e4r5t6y bentley portland baggins panasonic sandiego sooners
derrick penelope blackdog harmony malcolm buttons 1a2b3c4d californ playtime swallow warriors gangster
christine iverson chargers asdf123 mushroom cracker dingdong newpass crusader stranger dkflbvbh anastasia
masters collins slapshot guardian 147896325 septembe knights angelica scarlett grizzly 123321123 camille
scruffy kittycat munchkin lorenzo rammstein 1passwor bananas barcelon santiago thegame robert1 picasso kolobok
blackman starcraft quality goodluck eatshit dorothy coltrane gorilla katerina fuck_inside ranger1 pass123
cassidy discover oakland andrew1 spanking dumbass shaney14 192837465 lonestar stonecol meridian megaman
heather1 25802580 rjntyjr firefly richard1 alexandra griffey zaq1xsw2 beautiful lowrider gangsta paradox
tacobell 123698745 catalina vertigo halflife johnjohn buffett bonjour kangaroo thompson socrates soccer1
keyboard 0.0.000 national scarlet formula1 frances cynthia qwerasdf 12369874 penguins formula fuckface
vacation ragnarok lexmark asshole1 mailcreated5240 lorraine dodgeram prodigy tempest sebastian colombia
oblivion mystery sithlord mustangs incubus scoobydo bigballs zxcv1234 titleist richmond director magnolia
celeste melinda golfing blueeyes pussy69 mersedes 12312312 springer imagine patrick1 kenwood garbage martinez
cowboys1 roberts elliott nuttertools mallard 1122334455 analsex shemale gateway1 asterix monkeys
`;
