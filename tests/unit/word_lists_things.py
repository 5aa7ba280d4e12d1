"""Everyday English words of the home, the body, nature, shopping, people, things, places, qualities and
common function words: the second half of the groups in ``word_lists.py`` (which holds the rest of the
groups, the words written later and the functions that read them).
"""

from __future__ import annotations

THINGS_GROUPS: dict[str, str] = {
    "home": """
        home house apartment flat room bedroom bathroom kitchen garden yard garage basement attic roof wall
        walls floor floors ceiling window windows door doors stairs hallway balcony porch fence gate chimney
        furniture chair chairs table tables sofa couch bed beds pillow pillows blanket blankets sheet sheets
        mattress lamp lamps light lights curtain curtains carpet rug mirror shelf shelves cupboard closet
        drawer drawers wardrobe towel towels soap shampoo toothbrush toothpaste shower bath toilet sink tap
        faucet bucket broom mop vacuum laundry washer dryer iron hanger basket trash garbage rubbish bin
        recycling plant plants flower flowers tree trees grass lawn hedge pot pots candle candles clock
        vase painting frame frames photo poster heater radiator fan thermostat boiler plumbing pipe pipes
        wire wires socket plug plugs switch bulb bulbs battery batteries key keys lock doorbell mailbox
        neighbour neighbor landlord tenant rent mortgage chores dishes cleaning tidy messy cozy cosy
    """,
    "body": """
        body head face hair eye eyes ear ears nose mouth lip lips tooth teeth tongue neck shoulder shoulders
        arm arms elbow wrist hand hands finger fingers thumb nail nails chest back stomach belly hip hips leg
        legs knee knees ankle foot feet toe toes skin bone bones muscle muscles blood brain lung lungs liver
        kidney health healthy ill illness sick sickness disease fever cold flu cough headache toothache
        injury injured wound bruise doctor doctors nurse nurses hospital clinic patient medicine medicines
        pill pills tablet tablets vaccine dentist pharmacy prescription surgery operation ambulance emergency
        therapy appointment checkup diet sleep tired weight height pulse breath breathing allergy allergic
        pregnant glasses contact lenses
    """,
    "nature": """
        nature weather sun sunny rain rainy raining snow snowy snowing wind windy storm stormy thunder
        lightning cloud clouds cloudy fog foggy mist sky rainbow temperature climate season hot cold warm cool
        freezing ice icy frost humid humidity dry wet flood drought earthquake volcano hurricane tornado
        animal animals dog dogs cat cats puppy kitten bird birds fish horse horses cow cows pig pigs sheep
        goat chicken duck ducks rabbit mouse mice rat bear bears wolf fox deer lion tiger elephant monkey
        snake frog bee bees butterfly spider ant ants insect insects whale dolphin shark tree trees leaf
        leaves
        flower flowers grass bush forest wood woods jungle field meadow hill hills valley mountain rock rocks
        stone stones sand soil mud river lake pond stream waterfall ocean wave waves shore island planet
        earth moon star stars space universe galaxy
    """,
    "shopping": """
        shop shops shopping store stores market supermarket mall price prices cheap expensive sale discount
        coupon bargain cash card cards credit debit wallet purse coin coins money dollar dollars euro euros
        pound pounds cent cents change receipt refund return exchange cart basket checkout cashier customer
        brand brands product products item items size sizes color colour colors colours clothes clothing shirt
        shirts tshirt pants trousers jeans shorts skirt dress dresses jacket coat sweater hoodie sock socks
        shoe shoes boot boots sneakers hat cap scarf belt tie suit uniform pyjamas underwear jewelry jewellery
        ring necklace earrings bracelet watch sunglasses umbrella gift gifts present presents wrapping
        delivery order online parcel package packages
    """,
    "people": """
        people person persons man men woman women boy boys girl girls guy guys lady ladies gentleman human
        humans someone somebody anybody nobody everybody everyone neighbour stranger strangers citizen
        citizens member members leader leaders king queen prince princess president minister mayor police
        policeman officer soldier soldiers army navy farmer farmers worker workers engineer engineers
        scientist scientists artist artists actor actress singer musician writer author poet journalist
        reporter photographer designer architect builder carpenter plumber electrician mechanic pilot
        sailor baker butcher cleaner gardener janitor secretary assistant cashier banker lawyer judge
        priest monk nun teacher student doctor nurse dentist vet chef waiter barber hairdresser
    """,
    "things": """
        thing things stuff object objects box boxes bottle bottles jar jars can cans bag bags paper papers
        book books magazine magazines newspaper newspapers page pages story stories novel poem poems song
        songs movie movies film films show shows series episode episodes video videos music radio television
        tv picture pictures painting photo toy toys doll dolls puzzle puzzles game games ball balls gift
        rope string chain tool tools hammer nail nails screw screws saw drill ladder shovel rake wheel wheels
        engine engines machine machines motor bicycle tire tyre tires tyres brake brakes mirror glass metal
        wood plastic rubber cotton wool silk leather gold silver iron steel copper stone brick bricks cement
        concrete
    """,
    "tech_everyday": """
        phone phones smartphone tablet laptop laptops computer computers keyboard mouse screen screens monitor
        printer internet website websites web browser app apps email password passwords account accounts
        login username online offline wifi network router cable cables charger charging battery download
        upload install update updates software hardware file files folder folders photo photos selfie camera
        message messages text texts chat chats call video podcast stream streaming channel channels social
        media post posts like likes share follow follower followers subscribe comment comments link links
        click button buttons icon icons menu settings profile notification notifications
    """,
    "abstract": """
        idea ideas thought thoughts reason reasons fact facts truth lie lies question questions answer answers
        problem solution solutions way ways method methods plan plans purpose meaning sense chance chances
        luck lucky fortune fate risk risks danger safety safe secure freedom peace war conflict justice law
        laws rule rules right rights duty duties power authority government politics election elections vote
        votes democracy society culture tradition traditions religion belief beliefs faith hope value values
        quality quantity amount number numbers level levels degree range rate rates size shape form forms type
        types kind kinds sort sorts part parts piece pieces whole half quarter total sum average example
        examples detail details point points issue issues matter subject topic topics theme story case cases
        situation condition conditions state status event events experience experiences opportunity effort
        success failure progress result results effect effects cause causes influence impact role position
        relationship relation connection difference differences similarity advantage disadvantage benefit
        choice choices decision decisions option options opinion opinions view views attention memory
        memories knowledge wisdom skill skills ability talent habit habits behaviour behavior manner manners
        character personality identity nature spirit energy strength weakness force pressure tension balance
        order chaos rhythm pattern patterns system systems structure process method theory practice
        principle principles standard standards
    """,
    "adjectives": """
        big bigger small smaller large larger little tiny huge giant long short tall high low wide narrow
        thick thin heavy light deep shallow fast quick slow early late new old young ancient modern fresh
        clean dirty tidy messy neat full empty open closed busy quiet loud noisy soft hard smooth rough sharp
        dull bright dark light pale colorful colourful beautiful pretty ugly handsome cute lovely nice fine
        good bad great poor rich cheap expensive free easy difficult simple complex plain fancy strong weak
        healthy sick alive dead real fake true false right wrong correct certain sure possible impossible
        likely unlikely important serious funny strange weird odd normal usual unusual common rare special
        ordinary famous popular private public personal general main major minor basic final whole single
        double main certain clear obvious safe dangerous careful careless polite rude honest friendly
        helpful useful useless ready available familiar similar different same equal various several
        enough extra spare total entire complete perfect terrible brilliant excellent wonderful fantastic
        gorgeous delicious tasty fresh rotten sticky fluffy crispy crunchy shiny sparkly cosy comfortable
        uncomfortable lucky unlucky wise clever smart stupid silly crazy calm wild gentle fierce quiet
    """,
    "function_words": """
        the a an and or but if then than because since although though unless whether while so yet also too
        very really quite rather pretty just only even still already almost nearly about around above below
        over under between among through across along against toward towards into onto upon within without
        behind beside besides beyond near far inside outside up down off out away back here there where
        everywhere somewhere anywhere nowhere this that these those what which who whom whose why how when
        all both each every either neither none some any many much more most few fewer less least other
        another such own same one ones myself yourself himself herself itself ourselves themselves mine yours
        his hers ours theirs our your their its my me you him her us them they we he she it shall will would
        should could might must can may ought yes no not nope yeah yep okay maybe perhaps please thanks
        thank sorry hello goodbye bye cheers welcome
    """,
    "hobbies": """
        hobby hobbies reading gardening knitting sewing painting drawing photography fishing camping hiking
        cooking baking singing dancing piano guitar violin drums flute trumpet band concert concerts festival
        festivals party parties picnic barbecue movie cinema theatre theater museum gallery collection stamps
        coins puzzle crossword sudoku chess checkers cards board boardgame videogame gaming gamer console
        novel novels poetry blog blogging vlog diary journal craft crafts pottery woodwork volunteering
        travel yoga meditation
    """,
    "places": """
        place places area areas region regions zone neighborhood neighbourhood district suburb downtown
        center centre square plaza market hall halls building buildings tower towers factory factories farm
        farms mill mine mines bank banks post library hospital school church mosque synagogue prison jail
        court courthouse embassy station airport port harbour harbor garage parking lot stadium arena
        theatre cinema restaurant bar pub club hotel shop office warehouse laboratory lab studio gym pool
        playground cemetery zoo aquarium
    """,
    "misc_common": """
        anyway anyhow somehow otherwise instead however therefore moreover furthermore meanwhile indeed
        actually basically literally seriously honestly obviously clearly certainly definitely probably
        possibly hopefully luckily unfortunately fortunately apparently especially exactly simply mostly
        mainly partly fully entirely completely totally quite nearly hardly barely merely rather fairly
        pretty awfully terribly extremely incredibly absolutely positively relatively slightly somewhat
        together apart alone aside ahead abroad afterwards beforehand forward forwards backward backwards
        upstairs downstairs indoors outdoors overseas online offline whatever whenever wherever whoever
        however whichever nothing something anything everything nowhere anybody
        cheese chance change charge charm chart chase cheap cheat check cheek cheer chest chew chief chill
        chin chip choice choir choke chop chord chorus chose chunk church cider cigar cinema circle citizen
        civil claim clap clash clasp class clause claw clay clerk cliff climate cling clinic clip cloak clock
        clone close cloth cloud clown club clue clumsy coach coast coat code coffee coil coin collar collect
        comedy comfort comic command comment commit common compass complain concert confirm connect
        consist contain content contest context control convert convince copy coral core corn correct
        cost cotton cough council count county couple courage cousin cover cow crack craft crane crash crawl
        crazy cream credit crew crime crisp critic crop cross crowd crown crude cruel cruise crumb crush
        crust cry crystal cube culture cup cupboard curious current curtain curve cushion custom cycle
        damage damp dance danger daring dash data daughter deal debate debt decent decide declare decline
        decorate decrease deer defend define defy degree delay deliver demand denial dentist deny depart
        depend deposit depth deputy derive describe desert design desire despair destroy detail detect
        develop diary dice diesel differ digital dignity dilemma dinner dinosaur direct dirt disagree
        discover disease dish dismiss disorder display distance divert divide divorce dizzy doctor document
        dolphin domain donate donkey donor dose double dove draft dragon drama drastic dream dress drift
        drill drip drum duck dumb dune dust dutch dwarf dynamic eager eagle early earn earth easily echo
        ecology economy edge edit educate effort elbow elder electric elegant element elephant elevator elite
        else embark embody embrace emerge emotion employ empower enable enact endless endorse enemy enforce
        engage engine enhance enjoy enlist enough enrich enroll ensure enter entire entry envelope episode
        equal equip erase erode erosion escape essay essence estate eternal ethics evidence evil evoke
        evolve exact example excess exchange excite exclude excuse execute exercise exhaust exhibit exile
        exist exit exotic expand expect expire explain expose express extend extra fabric faculty fade
        faint faith false fame famous fancy fantasy farm fashion fatal fatigue fault favorite feature
        february federal fee feed fiction field figure film filter final finger finish fire firm fiscal
        fitness flag flame flash flat flavor flee flight flip float flock floor flower fluid flush foam focus
        fold follow force forest forget fork fortune forum forward fossil foster fragile frame frequent fresh
        friend fringe frog front frost frown fruit fuel funny fury future gadget gain galaxy gallery gap
        garage garbage garden garlic garment gasp gather gauge gaze genius genre gentle genuine gesture
        ghost giant gift giggle ginger giraffe glance glare glide glimpse globe gloom glory glove glue goat
        goddess gorilla gospel gossip govern gown grab grace grain grant grape grass gravity great green grid
        grief grit grocery group grunt guard guess guide guilt guitar habit hammer hamster harbor harvest
        hawk hazard health heart heavy hedgehog height hello helmet help hen hero hidden hill hint hip hire
        hobby hockey hole hollow honey hood hope horn horror horse hospital host hotel hover hub huge humble
        humor hundred hungry hunt hurdle hurry husband hybrid ice icon ignore illegal illness image imitate
        immense immune impact impose improve impulse inch include income increase index indicate indoor
        industry infant inflict inform inhale inherit initial inject injury inmate inner innocent input
        inquiry insane insect inside inspire install intact interest invest invite involve iron island
        isolate issue item ivory jacket jaguar jar jazz jealous jeans jelly jewel joke journey judge juice
        jungle junior junk just kangaroo keen ketchup kidney kingdom kitchen kite kitten kiwi knee knife
        knock label labor ladder lady lake lamp language laptop large laundry lawn lawsuit layer lazy leader
        leaf learn leave lecture legal legend leisure lemon lend length lens leopard lesson letter level
        liar liberty library license life lift limb limit link lion liquid little live lizard loan lobster
        local lock logic lonely loop lottery loud lounge loyal lucky luggage lumber lunar lunch luxury lyrics
        magic magnet maid mail major mammal manage mandate mango mansion manual maple marble margin marine
        market marriage mask mass master material maximum meadow meaning measure meat mechanic medal media
        melody melt member memory mention menu mercy merge merit merry mesh message metal method middle
        midnight milk million mimic mind minimum minor minute miracle mirror misery miss mistake mixed
        mixture mobile model modify moment monitor monkey monster month moral morning mosquito mother motion
        motor mountain mouse movie muffin mule multiply muscle museum mushroom music must mutual myself
        mystery myth naive napkin narrow nasty nation nature near neck negative neglect neither nephew nerve
        nest network neutral never news next nice night noble noise nominee noodle normal north nose notable
        note nothing notice novel nuclear number nurse oak obey object oblige obscure observe obtain obvious
        occur ocean october odor offer office often olive olympic omit once onion online only open opera
        opinion oppose option orange orbit orchard order ordinary organ orient original orphan ostrich
        other outdoor outer output outside oval oven over owner oxygen oyster ozone pact paddle page pair
        palace palm panda panel panic panther paper parade parent park parrot party pass patch path patient
        patrol pattern pause pave payment peace peanut pear peasant pelican penalty pencil people pepper
        perfect permit person pet phone photo phrase physical piano picnic picture piece pig pigeon pill
        pilot pink pioneer pipe pistol pitch pizza place planet plastic plate play please pledge pluck plug
        plunge poem poet point polar pole police pond pony pool popular portion position possible post
        potato pottery poverty powder practice praise predict prefer prepare present pretty prevent price
        pride primary print priority prison private prize problem process produce profit program project
        promote proof property prosper protect proud provide public pudding pull pulp pulse pumpkin punch
        pupil puppy purchase purity purpose purse push puzzle pyramid quality quantum quarter question quick
        quit quiz quote rabbit raccoon race rack radar radio rail rain raise rally ramp ranch random range
        rapid rare rate rather raven razor ready real reason rebel rebuild recall receive recipe record
        recycle reduce reflect reform refuse region regret regular reject relax release relief rely remain
        remember remind remove render renew rent reopen repair repeat replace reply require rescue resemble
        resist resource response result retire retreat return reunion reveal review reward rhythm ribbon
        rice rich ride ridge rifle right rigid ring riot ripple risk ritual rival river road roast robot
        robust rocket romance roof rookie room rose rotate rough round route royal rubber rude rug rule
        rural sad saddle sadness safe sail salad salmon salon salt salute sample sand satisfy sauce
        sausage save scale scan scare scatter scene scheme school science scissors scorpion scout scrap
        screen script scrub sea search season seat second secret section security seed seek segment select
        sell seminar senior sense sentence series service session settle setup seven shadow shaft shallow
        share shed shell sheriff shield shift shine ship shiver shock shoe shoot shop short shoulder shove
        shrimp shrug shuffle shy sibling sick side siege sight sign silent silk silly silver similar simple
        since sing siren sister situate six size skate sketch ski skill skin skirt skull slab slam sleep
        slender slice slide slight slim slogan slot slow slush small smart smile smoke smooth snack snake
        snap sniff snow soap soccer social sock soda soft solar soldier solid solution solve someone song
        soon sorry sort soul sound soup source south space spare spatial spawn speak special speed spell
        spend sphere spice spider spike spin spirit split spoil sponsor spoon sport spot spray spread spring
        spy square squeeze squirrel stable stadium staff stage stairs stamp stand start state stay steak
        steel stem step stereo stick still sting stock stomach stone stool story stove strategy street
        strike strong struggle student stuff stumble style subject submit subway success such sudden suffer
        sugar suggest suit summer sun sunny sunset super supply supreme sure surface surge surprise surround
        survey suspect sustain swallow swamp swap swarm swear sweet swift swim swing switch sword symbol
        symptom syrup table tackle tag tail talent talk tank tape target task taste tattoo taxi teach team
        tell tenant tennis tent term test text thank that theme then theory there they thing this thought
        three thrive throw thumb thunder ticket tide tiger tilt timber time tiny tip tired tissue title
        toast tobacco today toddler toe together toilet token tomato tomorrow tone tongue tonight tool tooth
        topic topple torch tornado tortoise toss total tourist toward tower town toy track trade traffic
        tragic train transfer trap trash travel tray treat tree trend trial tribe trick trigger trim trip
        trophy trouble truck true truly trumpet trust truth tube tuition tumble tuna tunnel turkey turn turtle
        twelve twenty twice twin twist two type typical ugly umbrella unable unaware uncle uncover under
        undo unfair unfold unhappy uniform unique unit universe unknown unlock until unusual unveil update
        upgrade uphold upon upper upset urban urge usage useful useless usual utility vacant vacuum vague
        valid valley valve van vanish vapor various vast vault vehicle velvet vendor venture venue verb
        verify version very vessel veteran viable vibrant vicious victory video view village vintage violin
        virtual virus visa visit visual vital vivid vocal voice void volcano volume vote voyage wage wagon
        wait walk wall walnut want warfare warm warrior wash wasp waste water wave way wealth weapon wear
        weasel weather web wedding weekend weird welcome west wet whale what wheat wheel when where whip
        whisper wide width wife wild will win window wine wing wink winner winter wire wisdom wise wish
        witness wolf woman wonder wood wool word work world worry worth wrap wreck wrestle wrist write wrong
        yard year yellow you young youth zebra zero zone zoo
    """,
}
